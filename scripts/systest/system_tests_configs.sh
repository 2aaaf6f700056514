# system_tests_configs.sh: NVDLA configurations in the trace runner, through
# make sim / scripts/sim as a user runs them. Sourced by scripts/systest/system_tests.sh
# (uses ok/bad/expect_*, $log and $traces_dir):
#   - numeric memory names and sync_notify/sync_wait run (the same cycles as
#     the trace without them: nothing is reordered);
#   - a sync_wait with no earlier sync_notify, sec_mem on a DUT without
#     SRAMIF: refused with file:line, exit 2 (sec_mem on nv_small: skipped
#     with its line, exit 77);
#   - the configuration comes from the trace folder's name, and the knob line
#     says so; an explicit NVDLA_CONFIG wins, with a warning there;
#   - the shipped nv_large traces on the twin (make conformance): all pass.
cf_tmp=$(mktemp -d)
cf_src=sdp_1x1x1_pass_through_int8
cf_large=${NVDLA_TRACES_NV_LARGE:-$(dirname "$traces_dir")/nv_large}

# cf_copy DEST: a writable copy of the small SDP trace at $cf_tmp/DEST; sets cf_cfg
cf_copy() {
    mkdir -p "$cf_tmp/$(dirname "$1")"
    cp -r "$traces_dir/$cf_src" "$cf_tmp/$1" && chmod -R u+w "$cf_tmp/$1"
    cf_cfg=$cf_tmp/$1/$cf_src.cfg
}
# cf_cycles: the cycles of the PASS line in $log
cf_cycles() { sed -n 's/^PASS: .*, \([0-9]*\) cycles, .*/\1/p' "$log"; }

# ---- numeric memory names and sync_notify/sync_wait, passing ----
cf_copy plain
make -s sim TRACE="$cf_tmp/plain" DUT=twin SEED=1 >"$log" 2>&1
cf_plain=$(cf_cycles)
cf_copy synced
cf_line=$(grep -n 'D_OP_ENABLE' "$cf_cfg" | head -n 1 | cut -d: -f1)
sed -i "${cf_line}i sync_notify(NVDLA_SDP_RDMA, ev_cfg);\nsync_wait(NVDLA_SDP, ev_cfg);" "$cf_cfg"
sed -i 's/\bpri_mem\b/1/g' "$cf_cfg"
if [ -n "$cf_plain" ] && make -s sim TRACE="$cf_tmp/synced" DUT=twin SEED=1 VERBOSE=1 >"$log" 2>&1 &&
   grep -q '^PASS:' "$log" && [ "$(cf_cycles)" = "$cf_plain" ] &&
   grep -q "synced/$cf_src.cfg:$cf_line: sync_notify(NVDLA_SDP_RDMA, ev_cfg): fired at cycle" "$log" &&
   grep -q "sync_wait(NVDLA_SDP, ev_cfg): notified at cycle" "$log" && grep -q 'check_crc .* PASS' "$log"; then
    ok "trace with memory '1' and sync_notify/sync_wait: passes in $cf_plain cycles, as without them"
else bad "trace with memory '1' and sync_notify/sync_wait (plain: ${cf_plain:-no pass} cycles)"; fi

# ---- refusals with file:line ----
cf_copy nowait
sed -i "${cf_line}i sync_wait(NVDLA_SDP, never_notified);" "$cf_cfg"
expect_input_error "sync_wait with no sync_notify" \
    "$cf_cfg:$cf_line: sync_wait(NVDLA_SDP, never_notified): event 'never_notified' is never notified" \
    TRACE="$cf_tmp/nowait" DUT=twin
cf_copy latewait
sed -i "${cf_line}i sync_wait(NVDLA_SDP, ev);\nsync_notify(NVDLA_SDP_RDMA, ev);" "$cf_cfg"
expect_input_error "sync_wait before its sync_notify" \
    "$cf_cfg:$cf_line: sync_wait(NVDLA_SDP, ev): event 'ev' is notified only later, at line $((cf_line + 1))" \
    TRACE="$cf_tmp/latewait" DUT=twin
cf_copy sec
sed -i '1i mem_init(sec_mem, 0x50000000, 0x100, ALL_ZERO);' "$cf_cfg"
scripts/sim TRACE="$cf_tmp/sec" DUT=twin SEED=1 >"$log" 2>&1; cf_rc=$?
if [ $cf_rc = 77 ] && grep -qF "needs SRAMIF, which nv_small leaves out ($cf_cfg:1)" "$log" && ! grep -q '^trace: ' "$log"; then
    ok "sec_mem on nv_small: skipped naming $cf_src.cfg:1 (exit 77)"
else bad "sec_mem on nv_small: not skipped with its line (exit $cf_rc)"; fi
expect_input_error "sec_mem on a DUT without SRAMIF (RUN_ABSENT=1)" \
    "$cf_cfg:1: mem_init: sec_mem (SRAMIF memory) but the DUT has no SRAMIF port" \
    TRACE="$cf_tmp/sec" DUT=twin RUN_ABSENT=1

# ---- the configuration from the trace folder's name ----
cf_copy nv_large/$cf_src
scripts/sim TRACE="$cf_tmp/nv_large/$cf_src" DUT=twin SEED=1 >"$log" 2>&1
if grep -q '^knobs: .* nvdla_config=nv_large (from the trace folder name)' "$log"; then
    ok "a trace in a folder named nv_large runs as nv_large, and the knob line says why"
else bad "a trace in a folder named nv_large: no 'nvdla_config=nv_large (from the trace folder name)'"; fi
scripts/sim TRACE="$cf_tmp/nv_large/$cf_src" DUT=twin SEED=1 NVDLA_CONFIG=nv_small >"$log" 2>&1
if grep -q '^knobs: .* nvdla_config=nv_small (from NVDLA_CONFIG; warning: the trace folder names nv_large)' "$log" &&
   grep -q '^PASS:' "$log"; then
    ok "NVDLA_CONFIG=nv_small on an nv_large folder: nv_small wins, the knob line warns"
else bad "NVDLA_CONFIG=nv_small on an nv_large folder: no warning on the knob line"; fi
scripts/sim TRACE="$cf_tmp/nv_large/$cf_src/./$cf_src.cfg" DUT=twin SEED=1 >"$log" 2>&1
if grep -q '^knobs: .* nvdla_config=nv_large (from the trace folder name)' "$log"; then
    ok "TRACE=<the .cfg file> in an nv_large folder: nv_large from the folder name"
else bad "TRACE=<the .cfg file> in an nv_large folder: not nv_large"; fi
make -s sim TRACE="$traces_dir/$cf_src" DUT=twin SEED=1 >"$log" 2>&1
if grep -q '^knobs: .* nvdla_config=nv_small (from the trace folder name)' "$log" && grep -q '^PASS:' "$log"; then
    ok "a shipped nv_small trace: nv_small from the folder name"
else bad "a shipped nv_small trace: the knob line does not say nv_small from the folder name"; fi

# ---- the shipped nv_large traces on the twin, nv_large from the folder name ----
if [ -d "$cf_large" ]; then
    cf_n=$(find "$cf_large" -mindepth 2 -maxdepth 2 -name '*.cfg' | wc -l)
    if make -s conformance TRACES="$cf_large" DUT=twin SEED=1 >"$log" 2>&1 &&
       grep -q "^$cf_n passed, 0 failed, 0 skipped$" "$log" && [ "$cf_n" -ge 6 ] &&
       grep -q 'nvdla_config=nv_large (from the trace folder name)' $logs_root/nvdla_pdp_8x8x32_1x1_max_int8_0/twin/sim.log; then
        ok "make conformance TRACES=nv_large DUT=twin: $cf_n passed, 0 failed (nv_large from the folder name)"
    else bad "make conformance TRACES=nv_large DUT=twin: not all $cf_n traces pass as nv_large"; fi
else
    bad "the nv_large traces are not at $cf_large (set NVDLA_TRACES_NV_LARGE)"
fi
rm -rf "$cf_tmp"
