// ethosu65_cmd_proc: the command processor of the Ethos-U65 stub (TRM 4.6).
// Takes command words from ethosu65_cmd_fetch, decodes cmd0/cmd1, keeps the
// NPU_SET_* state the DMA needs, queues DMA descriptors and reports events to
// the register file (STATUS, IRQ). Kernel operations with a weight stream
// start the weight channel (ethosu65_wfetch + ethosu65_weight_dec).
//
// Word 0 of a command: [31:16] param, [15:14] format (00 cmd0, 01 cmd1,
// others reserved), [13:10] must be 0, [9:0] command number. A command is
// known when it is in the TRM's cmd0 / cmd1 tables (the same list as
// golden/ethosu/ethosu_cmd.h); anything else is a reserved opcode.
//
// Execution, one command at a time (QREAD = offset of the command being
// executed; it moves past a command when the command completes):
//   NPU_SET_DMA0_*           stored (SRC/DST/SKIPn: 48-bit {param, payload},
//                            of which ADDR_W bits are used; LEN: payload)
//   NPU_SET_WEIGHT_REGION, NPU_SET_WEIGHT_BASE, NPU_SET_WEIGHT_LENGTH
//                            stored (REGION: param[2:0]; BASE: 48-bit; LENGTH:
//                            the 32-bit payload)
//   other NPU_SET_*          accepted, not stored (no kernel datapath)
//   NPU_OP_DMA_START         waits for a free descriptor slot, then queues
//                            BASEP[src region] + DMA0_SRC -> BASEP[dst region]
//                            + DMA0_DST with the current DMA state
//   NPU_OP_DMA_WAIT          waits until at most k = param[3:0] descriptors
//                            are active
//   NPU_OP_IRQ               waits for the DMA to be idle, ORs param into
//                            STATUS.irq_history_mask and raises the IRQ
//   NPU_OP_STOP              waits for the DMA to be idle, then stops: mask
//                            into the history, IRQ, state stopped
//   NPU_OP_CONV, _DEPTHWISE, _POOL, _ELEMENTWISE
//                            with WEIGHT_LENGTH != 0: waits until the weight
//                            channel is idle, starts it on BASEP[WEIGHT_REGION]
//                            + WEIGHT_BASE, LENGTH bytes, and completes when it
//                            is idle again (the decoder has output the last
//                            weight, or stopped on a malformed stream: nothing
//                            is reported then); with LENGTH 0: skipped
//   NPU_OP_KERNEL_WAIT, _PMU_MASK
//                            accepted and skipped
// End of stream (QREAD reaches QSIZE): cmd_end_reached at once; if the last
// command was not a STOP the NPU stops once the DMA is idle, without IRQ.
// Reserved opcode, or a cmd1 whose payload lies beyond QSIZE: cmd_parse_error,
// the DMA aborts (queued descriptors are dropped), stop, IRQ; QREAD stays at
// the bad command.
// Bus error (on a command word that is executed, from the DMA or from the
// weight stream read): the DMA and the weight channel abort, bus_status with
// faulting_interface/faulting_channel (2 for the weight stream), stop, IRQ.
// Stopping always waits until no AXI transaction is outstanding, so a
// following run starts clean; STOP's IRQ, the error bits and their IRQ are
// reported together with the stopped state.
module ethosu65_cmd_proc #(
    parameter integer ADDR_W = 40,
    parameter integer U55    = 0            // 1: the Ethos-U55 (U65-only commands unknown, 1-D DMA, 32-bit space)
) (
    input                   clk,
    input                   rstn,
    input                   clr,

    input                   run_req,        // CMD.transition_to_running_state = 1 (allowed)
    input                   halt,           // soft reset pending: stop issuing, drain
    input                   qread_clr,      // new stream written while stopped
    input  [31:0]           qsize,

    // command fetch
    output                  f_start,
    output                  f_stop,
    output [31:0]           f_off,
    input                   f_valid,
    input  [31:0]           f_word,
    input                   f_err,
    output                  f_pop,
    input                   f_busy,
    input                   f_port,

    // DMA descriptor queue
    output                  dma_push,
    output [ADDR_W-1:0]     dma_src,
    output [ADDR_W-1:0]     dma_dst,
    output [31:0]           dma_len,
    output [ADDR_W-1:0]     dma_skip0,
    output [ADDR_W-1:0]     dma_skip1,
    output [15:0]           dma_size0,
    output [15:0]           dma_size1,
    output [1:0]            dma_src_mode,
    output [1:0]            dma_dst_mode,
    output [1:0]            dma_src_cfg,
    output [1:0]            dma_dst_cfg,
    output                  dma_dst_internal,
    input  [1:0]            dma_count,
    input                   dma_full,
    input                   dma_busy,
    output                  dma_stop,
    input                   dma_fault,
    input                   dma_fault_write,
    input                   dma_fault_port,

    // weight channel
    output                  w_start,
    output [ADDR_W-1:0]     w_addr,         // BASEP[WEIGHT_REGION] + WEIGHT_BASE
    output [31:0]           w_len,
    output [1:0]            w_cfg,          // REGIONCFG field of WEIGHT_REGION
    input                   w_busy,
    output                  w_stop,
    input                   w_fault,        // error response on the weight stream read
    input                   w_fault_port,

    input  [511:0]          basep,          // BASEP15..0
    input  [15:0]           regioncfg,

    output                  running,
    output reg [31:0]       qread,
    output reg              ev_irq,         // pulse: raise IRQ, OR ev_mask into the history
    output reg [15:0]       ev_mask,
    output reg              ev_end,         // pulse: cmd_end_reached
    output reg              ev_parse,       // pulse: cmd_parse_error
    output reg              ev_bus,         // pulse: bus_status with the fault fields
    output reg              ev_fault_if,
    output reg [3:0]        ev_fault_ch
);

// ---------------------------------------------------------------------------
// Opcodes (bits [9:0] of word 0)
// ---------------------------------------------------------------------------
localparam [9:0] OP_STOP        = 10'h000;
localparam [9:0] OP_IRQ         = 10'h001;
localparam [9:0] OP_DMA_START   = 10'h010;
localparam [9:0] OP_DMA_WAIT    = 10'h011;
localparam [9:0] OP_CONV        = 10'h002;
localparam [9:0] OP_DEPTHWISE   = 10'h003;
localparam [9:0] OP_POOL        = 10'h005;
localparam [9:0] OP_ELEMENTWISE = 10'h006;
localparam [9:0] SET_WEIGHT_REGION = 10'h128;
localparam [9:0] SET1_WEIGHT_BASE  = 10'h020;
localparam [9:0] SET1_WEIGHT_LENGTH = 10'h021;
localparam [9:0] SET_DMA0_SRC_REGION = 10'h130;
localparam [9:0] SET_DMA0_DST_REGION = 10'h131;
localparam [9:0] SET_DMA0_SIZE0 = 10'h132;
localparam [9:0] SET_DMA0_SIZE1 = 10'h133;
localparam [9:0] SET1_DMA0_SRC  = 10'h030;
localparam [9:0] SET1_DMA0_DST  = 10'h031;
localparam [9:0] SET1_DMA0_LEN  = 10'h032;
localparam [9:0] SET1_DMA0_SKIP0 = 10'h033;
localparam [9:0] SET1_DMA0_SKIP1 = 10'h034;

// cmd0 table of the TRM (4.6.4).
function automatic cmd0_known(input [9:0] op);
    case (op)
        10'h000, 10'h001, 10'h002, 10'h003, 10'h005, 10'h006,
        10'h010, 10'h011, 10'h012, 10'h013,
        10'h100, 10'h101, 10'h102, 10'h103, 10'h104, 10'h105, 10'h107,
        10'h109, 10'h10A, 10'h10B, 10'h10C, 10'h10D, 10'h10F,
        10'h111, 10'h112, 10'h113, 10'h114, 10'h115, 10'h116, 10'h117, 10'h118,
        10'h11A, 10'h11B, 10'h11C, 10'h11F,
        10'h120, 10'h121, 10'h122, 10'h123, 10'h124, 10'h125, 10'h126, 10'h127,
        10'h128, 10'h129, 10'h12D, 10'h12F,
        10'h130, 10'h131, 10'h132, 10'h133,
        10'h180, 10'h181, 10'h185, 10'h189, 10'h18A, 10'h18B, 10'h18C, 10'h18D, 10'h18F:
            cmd0_known = 1'b1;
        default:
            cmd0_known = 1'b0;
    endcase
endfunction

// cmd1 table of the TRM (4.6.5).
function automatic cmd1_known(input [9:0] op);
    case (op)
        10'h000, 10'h001, 10'h002, 10'h003, 10'h004, 10'h005, 10'h006,
        10'h010, 10'h011, 10'h012, 10'h013, 10'h014, 10'h015, 10'h016,
        10'h020, 10'h021, 10'h022, 10'h023, 10'h024, 10'h025, 10'h026,
        10'h030, 10'h031, 10'h032, 10'h033, 10'h034,
        10'h080, 10'h081, 10'h082, 10'h083, 10'h084, 10'h085, 10'h086,
        10'h090, 10'h091, 10'h092, 10'h093:
            cmd1_known = 1'b1;
        default:
            cmd1_known = 1'b0;
    endcase
endfunction

// The Ethos-U65's commands the Ethos-U55 lacks: PARALLEL_MODE, DMA0_SIZE0/1
// (cmd0); DMA0_SKIP0/1, WEIGHT1_*, SCALE1_* (cmd1).
function automatic u65_only0(input [9:0] op);
    u65_only0 = (op == 10'h123) || (op == 10'h132) || (op == 10'h133);
endfunction
function automatic u65_only1(input [9:0] op);
    u65_only1 = (op == 10'h033) || (op == 10'h034) || (op >= 10'h090 && op <= 10'h093);
endfunction

// ---------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------
localparam [2:0] C_STOP = 3'd0, C_START = 3'd1, C_CMD = 3'd2, C_PAYLOAD = 3'd3,
                 C_EXEC = 3'd4, C_QUIESCE = 3'd5, C_HALT = 3'd6;
reg [2:0]  st;
reg        is1;              // latched command is cmd1
reg [9:0]  op;
reg [15:0] param;
reg [31:0] payload;

// pending events, reported when the NPU has stopped
reg        p_irq, p_parse, p_bus, p_if;
reg [15:0] p_mask;
reg [3:0]  p_ch;

// NPU_SET_DMA0_* state
reg [15:0] dma_src_region_q, dma_dst_region_q, dma_size0_q, dma_size1_q;
reg [47:0] dma_src_q, dma_dst_q, dma_skip0_q, dma_skip1_q;
reg [31:0] dma_len_q;

// NPU_SET_WEIGHT_* state
reg [2:0]  w_region_q;
reg [47:0] w_base_q;
reg [31:0] w_len_q;
reg        k_started;        // the kernel operation in C_EXEC started the weight channel

wire [1:0]  fmt     = f_word[15:14];
wire        w_zero  = f_word[13:10] == 4'd0;
wire        w_cmd0  = (fmt == 2'b00) && w_zero && cmd0_known(f_word[9:0]) &&
                      !(U55 != 0 && (u65_only0(f_word[9:0]) || (f_word[9:0] == OP_DMA_START && u55_dma_bad)));
wire        w_cmd1  = (fmt == 2'b01) && w_zero && cmd1_known(f_word[9:0]) && !(U55 != 0 && u65_only1(f_word[9:0]));
wire [32:0] q4      = {1'b0, qread} + 33'd4;
wire [32:0] q8      = {1'b0, qread} + 33'd8;
wire        at_end  = {1'b0, qread} >= {1'b0, qsize};
wire        cmd1_cut = q8 > {1'b0, qsize};

// Completion of the latched command in C_EXEC.
wire dma_idle  = !dma_busy;
wire is_kernel = !is1 && (op == OP_CONV || op == OP_DEPTHWISE || op == OP_POOL || op == OP_ELEMENTWISE);
wire k_weights = is_kernel && (w_len_q != 32'd0);
reg  done;
always @(*) begin
    done = 1'b1;
    if (k_weights) begin
        done = k_started && !w_busy;
    end else if (!is1) begin
        case (op)
            OP_STOP, OP_IRQ: done = dma_idle;
            OP_DMA_START:    done = !dma_full;
            OP_DMA_WAIT:     done = {2'd0, dma_count} <= param[3:0];
            default:         done = 1'b1;
        endcase
    end
end

wire        exec     = (st == C_EXEC) && done;
wire [32:0] q_next   = is1 ? q8 : q4;
wire        next_end = q_next >= {1'b0, qsize};
wire        is_stop  = !is1 && (op == OP_STOP);

// Faults of the executed stream: a command word with an error response, or
// the DMA. A DMA fault is taken in any running state.
wire        word_st  = (st == C_CMD && !at_end) || (st == C_PAYLOAD);
wire        f_fault  = word_st && f_valid && f_err;
wire        live     = (st == C_START) || (st == C_CMD) || (st == C_PAYLOAD) || (st == C_EXEC)
                       || (st == C_QUIESCE);

// DMA descriptor from the current state.
wire [2:0]  src_rgn = dma_src_region_q[2:0];
wire [2:0]  dst_rgn = dma_dst_region_q[2:0];
wire [63:0] src_base = basep[{src_rgn, 6'd0} +: 64];
wire [63:0] dst_base = basep[{dst_rgn, 6'd0} +: 64];
// On the Ethos-U55 a DMA_START is refused (cmd_parse_error, QREAD at it)
// for a 2D/3D mode or bytes beyond the 32-bit address space.
wire [49:0] src_end = {2'd0, src_base[47:0]} + {2'd0, dma_src_q} + {18'd0, dma_len_q};
wire [49:0] dst_end = {2'd0, dst_base[47:0]} + {2'd0, dma_dst_q} + {18'd0, dma_len_q};
wire        u55_dma_bad = (dma_src_region_q[10:9] != 2'd0) || (dma_dst_region_q[10:9] != 2'd0) ||
                          (src_end > 50'h1_0000_0000) || (!dma_dst_region_q[8] && dst_end > 50'h1_0000_0000);
assign dma_src          = src_base[ADDR_W-1:0] + dma_src_q[ADDR_W-1:0];
assign dma_dst          = dst_base[ADDR_W-1:0] + dma_dst_q[ADDR_W-1:0];
assign dma_len          = dma_len_q;
assign dma_skip0        = dma_skip0_q[ADDR_W-1:0];
assign dma_skip1        = dma_skip1_q[ADDR_W-1:0];
assign dma_size0        = dma_size0_q;
assign dma_size1        = dma_size1_q;
assign dma_src_mode     = dma_src_region_q[10:9];
assign dma_dst_mode     = dma_dst_region_q[10:9];
assign dma_src_cfg      = regioncfg[{src_rgn, 1'b0} +: 2];
assign dma_dst_cfg      = regioncfg[{dst_rgn, 1'b0} +: 2];
assign dma_dst_internal = dma_dst_region_q[8];
assign dma_push         = exec && !is1 && (op == OP_DMA_START);

// Weight channel job of the kernel operation being executed.
wire [63:0] w_base_r = basep[{w_region_q, 6'd0} +: 64];
assign w_addr  = w_base_r[ADDR_W-1:0] + w_base_q[ADDR_W-1:0];
assign w_len   = w_len_q;
assign w_cfg   = regioncfg[{w_region_q, 1'b0} +: 2];
assign w_start = (st == C_EXEC) && k_weights && !k_started && !w_busy && !halt
                 && !(dma_fault && !p_parse);

always @(posedge clk or negedge rstn) begin
    if (!rstn) begin
        st               <= C_STOP;
        is1              <= 1'b0;
        op               <= 10'd0;
        param            <= 16'd0;
        payload          <= 32'd0;
        qread            <= 32'd0;
        p_irq            <= 1'b0;
        p_parse          <= 1'b0;
        p_bus            <= 1'b0;
        p_if             <= 1'b0;
        p_mask           <= 16'd0;
        p_ch             <= 4'd0;
        dma_src_region_q <= 16'd0;
        dma_dst_region_q <= 16'd0;
        dma_size0_q      <= 16'd0;
        dma_size1_q      <= 16'd0;
        dma_src_q        <= 48'd0;
        dma_dst_q        <= 48'd0;
        dma_skip0_q      <= 48'd0;
        dma_skip1_q      <= 48'd0;
        dma_len_q        <= 32'd0;
        w_region_q       <= 3'd0;
        w_base_q         <= 48'd0;
        w_len_q          <= 32'd0;
        k_started        <= 1'b0;
        ev_irq           <= 1'b0;
        ev_mask          <= 16'd0;
        ev_end           <= 1'b0;
        ev_parse         <= 1'b0;
        ev_bus           <= 1'b0;
        ev_fault_if      <= 1'b0;
        ev_fault_ch      <= 4'd0;
    end else if (clr) begin
        st               <= C_STOP;
        is1              <= 1'b0;
        op               <= 10'd0;
        param            <= 16'd0;
        payload          <= 32'd0;
        qread            <= 32'd0;
        p_irq            <= 1'b0;
        p_parse          <= 1'b0;
        p_bus            <= 1'b0;
        p_if             <= 1'b0;
        p_mask           <= 16'd0;
        p_ch             <= 4'd0;
        dma_src_region_q <= 16'd0;
        dma_dst_region_q <= 16'd0;
        dma_size0_q      <= 16'd0;
        dma_size1_q      <= 16'd0;
        dma_src_q        <= 48'd0;
        dma_dst_q        <= 48'd0;
        dma_skip0_q      <= 48'd0;
        dma_skip1_q      <= 48'd0;
        dma_len_q        <= 32'd0;
        w_region_q       <= 3'd0;
        w_base_q         <= 48'd0;
        w_len_q          <= 32'd0;
        k_started        <= 1'b0;
        ev_irq           <= 1'b0;
        ev_mask          <= 16'd0;
        ev_end           <= 1'b0;
        ev_parse         <= 1'b0;
        ev_bus           <= 1'b0;
        ev_fault_if      <= 1'b0;
        ev_fault_ch      <= 4'd0;
    end else begin
        ev_irq   <= 1'b0;
        ev_mask  <= 16'd0;
        ev_end   <= 1'b0;
        ev_parse <= 1'b0;
        ev_bus   <= 1'b0;

        if (halt) begin
            st <= C_HALT;
        end else if (live && !p_bus && !p_parse && (dma_fault || w_fault || f_fault)) begin
            // bus abort: record the first fault, stop everything (an error
            // response while a parse error is being handled is not reported)
            p_bus     <= 1'b1;
            p_irq     <= 1'b1;
            p_if      <= dma_fault ? dma_fault_port : w_fault ? w_fault_port : f_port;
            p_ch      <= dma_fault ? (dma_fault_write ? 4'd9 : 4'd4) : w_fault ? 4'd2 : 4'd0;
            st        <= C_QUIESCE;
            k_started <= 1'b0;
        end else begin
            case (st)
                C_STOP: begin
                    if (qread_clr)
                        qread <= 32'd0;
                    else if (run_req)
                        st <= C_START;
                end
                C_START: if (!f_busy) st <= C_CMD;
                C_CMD: begin
                    if (at_end) begin
                        ev_end <= 1'b1;
                        st     <= C_QUIESCE;
                    end else if (f_valid) begin
                        if (w_cmd0 || (w_cmd1 && !cmd1_cut)) begin
                            is1   <= w_cmd1;
                            op    <= f_word[9:0];
                            param <= f_word[31:16];
                            st    <= w_cmd1 ? C_PAYLOAD : C_EXEC;
                        end else begin
                            p_parse <= 1'b1;
                            p_irq   <= 1'b1;
                            st      <= C_QUIESCE;
                        end
                    end
                end
                C_PAYLOAD: if (f_valid) begin
                    payload <= f_word;
                    st      <= C_EXEC;
                end
                C_EXEC: if (w_start) begin
                    k_started <= 1'b1;
                end else if (done) begin
                    k_started <= 1'b0;
                    qread <= q_next[31:0];
                    if (!is1) begin
                        case (op)
                            SET_DMA0_SRC_REGION: dma_src_region_q <= param;
                            SET_DMA0_DST_REGION: dma_dst_region_q <= param;
                            SET_DMA0_SIZE0:      dma_size0_q      <= param;
                            SET_DMA0_SIZE1:      dma_size1_q      <= param;
                            SET_WEIGHT_REGION:   w_region_q       <= param[2:0];
                            OP_IRQ: begin
                                ev_irq  <= 1'b1;
                                ev_mask <= param;
                            end
                            OP_STOP: begin
                                p_irq  <= 1'b1;
                                p_mask <= param;
                            end
                            default: ;
                        endcase
                    end else begin
                        case (op)
                            SET1_DMA0_SRC:   dma_src_q   <= {param, payload};
                            SET1_DMA0_DST:   dma_dst_q   <= {param, payload};
                            SET1_DMA0_LEN:   dma_len_q   <= payload;
                            SET1_DMA0_SKIP0: dma_skip0_q <= {param, payload};
                            SET1_DMA0_SKIP1: dma_skip1_q <= {param, payload};
                            SET1_WEIGHT_BASE:   w_base_q <= {param, payload};
                            SET1_WEIGHT_LENGTH: w_len_q  <= payload;
                            default: ;
                        endcase
                    end
                    if (next_end)
                        ev_end <= 1'b1;
                    st <= (is_stop || next_end) ? C_QUIESCE : C_CMD;
                end
                C_QUIESCE: if (!f_busy && dma_idle && !w_busy) begin
                    st          <= C_STOP;
                    ev_irq      <= p_irq;
                    ev_mask     <= p_mask;
                    ev_parse    <= p_parse;
                    ev_bus      <= p_bus;
                    ev_fault_if <= p_if;
                    ev_fault_ch <= p_ch;
                    p_irq       <= 1'b0;
                    p_mask      <= 16'd0;
                end
                default: ;          // C_HALT: until clr
            endcase
        end
    end
end

assign running  = (st != C_STOP);
assign f_start  = (st == C_START) && !f_busy && !halt;
assign f_stop   = (st == C_QUIESCE) || (st == C_HALT) || halt;
assign f_off    = qread;
assign f_pop    = f_valid && !f_err && !halt && !(dma_fault && live && !p_parse) &&
                  (((st == C_CMD) && !at_end && (w_cmd0 || (w_cmd1 && !cmd1_cut))) || (st == C_PAYLOAD));
assign dma_stop = halt || (st == C_HALT) || p_bus || p_parse;
assign w_stop   = halt || (st == C_HALT) || p_bus || p_parse;

/* verilator lint_off UNUSEDSIGNAL */
wire unused_ok = &{1'b0, dma_src_region_q[15:11], dma_src_region_q[8:3], dma_dst_region_q[15:11],
                   dma_dst_region_q[7:3], dma_src_q[47:ADDR_W], dma_dst_q[47:ADDR_W],
                   dma_skip0_q[47:ADDR_W], dma_skip1_q[47:ADDR_W], src_base[63:ADDR_W],
                   dst_base[63:ADDR_W], q4[32], q8[32], w_base_q[47:ADDR_W], w_base_r[63:ADDR_W]};
/* verilator lint_on UNUSEDSIGNAL */

endmodule
