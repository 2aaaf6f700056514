// ethosu65_qch: a Q-Channel completer (clock or power) of the Ethos-U65 stub.
//
// Q_RUN (QACCEPTn = 1, QDENY = 0): when QREQn falls the request is accepted
// (QACCEPTn -> 0, Q_STOPPED) if `can_stop` is 1 (the NPU is idle and the CMD
// register allows it), else denied (QDENY -> 1, Q_DENIED).
// Q_STOPPED: when QREQn rises, QACCEPTn -> 1 (exit to Q_RUN).
// Q_DENIED: when QREQn rises, QDENY -> 0 (back to Q_RUN).
// Outputs are registers. QREQn is assumed synchronous to CLK (no
// synchronizer). After reset the channel is in Q_RUN. The stub does not gate
// anything itself: in Q_STOPPED it relies on the controller keeping the
// clock/power off until QACTIVE or a wake-up makes it raise QREQn again.
module ethosu65_qch (
    input      clk,
    input      rstn,
    input      qreqn,
    input      can_stop,
    output reg qacceptn,
    output reg qdeny
);

always @(posedge clk or negedge rstn) begin
    if (!rstn) begin
        qacceptn <= 1'b1;
        qdeny    <= 1'b0;
    end else if (qacceptn && !qdeny) begin          // Q_RUN
        if (!qreqn) begin
            if (can_stop) qacceptn <= 1'b0;
            else          qdeny    <= 1'b1;
        end
    end else if (!qacceptn) begin                   // Q_STOPPED
        if (qreqn) qacceptn <= 1'b1;
    end else begin                                  // Q_DENIED
        if (qreqn) qdeny <= 1'b0;
    end
end

endmodule
