# system_tests_ethosu_driver.sh: Arm's ethos-u-core-driver as the client of
# the Ethos-U DUT (make ethosu-driver, DRIVER=arm; docs/ethos-u-driver.md).
# Needs a checkout of the driver, which a fresh clone does not have:
# ETHOSU_DRIVER in the environment, else the checkout the last make
# ethosu-driver recorded; without one the case is skipped, saying so.
# twin: the driver's U55, U65 and (from a checkout that has it) U85 builds
# from the unmodified checkout (left as it was), every corpus network through
# the driver, a PPROT mismatch provoked through the shim named with the
# driver's call and seen on the APB, the U55 build refused by a U65 DUT in
# ethosu_init, the U85 build's init on each Ethos-U85 configuration (its
# MEM_ATTR, AXI_SRAM/EXT and POWER_CTRL writes named in the U85 map) and
# refused by a U65 DUT; rtl: the driver's register traffic on the stub's APB
# port (ethosu/armdrv_init, also the U85 build on the ethosu85 top), a
# network skipped there as without the driver. Sourced by scripts/systest/
# system_tests.sh (uses ok/bad, $log, $duts); a case of make test-long.
ad_checkout=${ETHOSU_DRIVER:-}
[ -z "$ad_checkout" ] && [ -r build/ethosu-driver/u65/checkout ] && ad_checkout=$(<build/ethosu-driver/u65/checkout)
if [ -z "$ad_checkout" ] || [ ! -f "$ad_checkout/src/ethosu_driver.c" ]; then
    printf 'SKIP  Arm'\''s driver as the client: no checkout of ethos-u-core-driver (ETHOSU_DRIVER=%s): set ETHOSU_DRIVER=<checkout> to run this case\n' "${ad_checkout:-<unset>}"
    return 0
fi
ad_tmp=$(mktemp -d)
# the checkout's files and their contents, before and after
ad_sum() { (cd "$ad_checkout" && find . -path ./.git -prune -o -type f -print0 | sort -z | xargs -0 md5sum); }
ad_sum >"$ad_tmp/before"
if ETHOSU_DRIVER= make -s ethosu-driver ETHOSU_DRIVER="$ad_checkout" >"$log" 2>&1 &&
   grep -q 'u55 build of' "$log" && grep -q 'u65 build of' "$log" &&
   [ -x build/ethosu-driver/u55/sim-twin ] && [ -x build/ethosu-driver/u65/sim-twin ]; then
    ok "make ethosu-driver: the driver's U55 and U65 builds for this host with the shim"
else bad "make ethosu-driver ETHOSU_DRIVER=<checkout>"; fi
ad_sum >"$ad_tmp/after"
if cmp -s "$ad_tmp/before" "$ad_tmp/after"; then ok "make ethosu-driver leaves the checkout as it was"
else bad "make ethosu-driver changed the checkout: $(diff "$ad_tmp/before" "$ad_tmp/after" | head -n 3)"; fi

if [[ " ${duts[*]} " == *" twin "* ]]; then
    # a wrong checkout: exit 2, said plainly
    if make -s ethosu-driver ETHOSU_DRIVER="$ad_tmp" >"$log" 2>&1; then bad "make ethosu-driver with a folder that is no checkout (passed)"
    elif grep -q 'no src/ethosu_driver.c there' "$log" && grep -q 'Error 2' "$log"; then
        ok "make ethosu-driver ETHOSU_DRIVER=<not a checkout>: exit 2, naming the missing source"
    else bad "make ethosu-driver ETHOSU_DRIVER=<not a checkout>: no clear refusal"; fi
    # the plain simulator has no driver: refused with how to build one
    n1=sequences/ethosu/networks/ethos-u65-256/conv_1x1
    make -s twin >/dev/null 2>&1
    build/sim-twin --test ethosu/network --dut twin --network "$n1" --driver arm >"$log" 2>&1; rc=$?
    if [ $rc = 2 ] && grep -q 'built without Arm.s ethos-u-core-driver' "$log"; then
        ok "DRIVER=arm on a simulator built without the driver: exit 2 with how to build it"
    else bad "DRIVER=arm on build/sim-twin: exit $rc"; fi
    # every corpus network through the driver, on the configuration its folder names
    for d in sequences/ethosu/networks/ethos-u*; do
        [ -d "$d" ] || continue
        c=${d##*/}
        if ! grep -q "^ETHOSU_CONFIG.*$c" mk/generated/knobs.tsv; then
            printf 'SKIP  %s with DRIVER=arm: ETHOSU_CONFIG does not take %s yet\n' "$d" "$c"; continue
        fi
        make -s ethosu-networks NETWORKS="$d" DUT=twin DRIVER=arm ETHOSU_CONFIG="$c" >"$log" 2>&1
        total=$(find "$d" -name '*_vela.npz' | wc -l)
        through=$(for n in $(find "$d" -name '*_vela.npz' -printf '%h\n' | sort -u); do
                      rel=${n#"$d"/}
                      grep -l "through Arm's driver" "${SIM_LOG_ROOT:-logs}/ethosu_networks/${rel//\//_}/twin/sim.log" 2>/dev/null
                  done | wc -l)
        # passed and xfail (a folder's xfail.txt: a named stream-and-reference disagreement) make the total
        counts=$(grep -E '^[0-9]+ passed, 0 failed, 0 skipped, [0-9]+ xfail$' "$log" | tail -n 1)
        xf=${counts##*, } xf=${xf% xfail}
        if [ -n "$counts" ] && [ $(( ${counts%% *} + xf )) = "$total" ] && [ "$through" = "$total" ]; then
            ok "$c: all $total corpus networks through Arm's driver (DRIVER=arm) on the twin (${counts##*, })"
        else bad "$c with DRIVER=arm: $(tail -n 1 "$log"), $through of $total through the driver"; fi
    done
    expect_pass "a network through Arm's driver with AXI stalls" TEST=ethosu/network NETWORK="$n1" DUT=twin \
        DRIVER=arm AXI_STALL=30 SEED=3
    # a PPROT mismatch provoked through the shim: the driver's unprivileged
    # read of CONFIG reaches the APB (the DUT, powered up privileged, reads
    # it as zero) and the run names the driver's call and the access
    scripts/sim TEST=ethosu/network NETWORK="$n1" DUT=twin DRIVER=arm DRIVER_PPROT=0 VERBOSE=1 SEED=1 >"$log" 2>&1; rc=$?
    if [ $rc = 1 ] && grep -q 'apb: read CONFIG = 0x0 .*(prot 0x0' "$log" &&
       grep -q 'DRIVER=arm: ethosu_init failed: .*last register access: ethosu_init -> ethosu_dev_init: read CONFIG = 0x0 .*(PPROT 0x0)' "$log"; then
        ok "DRIVER_PPROT=0: the driver's unprivileged access on the APB, the failure names ethosu_init -> ethosu_dev_init: read CONFIG"
    else bad "DRIVER_PPROT=0: exit $rc, the driver's call or the APB access not named"; fi
    # the U55 build against the U65 twin: the driver's own product check, in ethosu_init
    build/ethosu-driver/u55/sim-twin --test ethosu/armdrv_init --dut twin --driver arm --seed 1 >"$log" 2>&1; rc=$?
    if [ $rc = 1 ] && grep -q 'Driver has not been compiled for this product' "$log" &&
       grep -q 'ethosu_init failed: .*ethosu_init -> ethosu_dev_init: read CONFIG = 0x1' "$log"; then
        ok "the driver's U55 build on the U65 twin: refused in ethosu_init after its read of CONFIG"
    else bad "the driver's U55 build on the U65 twin: exit $rc"; fi
    expect_pass "ethosu/armdrv_init on the twin" TEST=ethosu/armdrv_init DUT=twin DRIVER=arm SEED=1
    if [ -f "$ad_checkout/src/ethosu_device_u85.c" ]; then
        for c in ethos-u85-128 ethos-u85-256 ethos-u85-512 ethos-u85-1024 ethos-u85-2048; do
            scripts/sim TEST=ethosu/armdrv_init DUT=twin DRIVER=arm ETHOSU_CONFIG=$c SEED=1 >"$log" 2>&1; rc=$?
            if [ $rc = 0 ] && grep -q "Arm's driver (u85 build)" "$log" &&
               grep -q 'ethosu_dev_soft_reset: write MEM_ATTR2 = 0x4 (mem_domain=0:non_sharable axi_port=1:ext' "$log" &&
               grep -q 'ethosu_dev_soft_reset: write AXI_EXT = ' "$log" && grep -q 'write POWER_CTRL = 0x0' "$log"; then
                ok "ethosu/armdrv_init ETHOSU_CONFIG=$c: the driver's U85 build initialises the twin (MEM_ATTR, AXI_EXT, POWER_CTRL)"
            else bad "ethosu/armdrv_init ETHOSU_CONFIG=$c with the U85 build: exit $rc"; fi
        done
        build/ethosu-driver/u85/sim-twin --test ethosu/armdrv_init --dut twin --driver arm --seed 1 >"$log" 2>&1; rc=$?
        if [ $rc = 1 ] && grep -q 'Driver has not been compiled for this product' "$log"; then
            ok "the driver's U85 build on the U65 twin: refused in ethosu_init"
        else bad "the driver's U85 build on the U65 twin: exit $rc"; fi
    else printf 'SKIP  the driver'\''s U85 build: %s has no src/ethosu_device_u85.c\n' "$ad_checkout"; fi
fi

if [[ " ${duts[*]} " == *" rtl "* ]]; then
    # the driver's register accesses on the Verilated stub's APB port
    scripts/sim TEST=ethosu/armdrv_init DUT=rtl DRIVER=arm VERBOSE=1 SEED=1 >"$log" 2>&1; rc=$?
    if [ $rc = 0 ] && grep -q '^PASS: ethosu/armdrv_init on rtl' "$log" && grep -q 'apb: read CONFIG = 0x1' "$log" &&
       grep -q 'apb: write RESET = ' "$log" && grep -q 'it read ID 0x[0-9a-f]* and CONFIG 0x[0-9a-f]* as the DUT returns them' "$log"; then
        ok "ethosu/armdrv_init DUT=rtl: ethosu_init and ethosu_get_hw_info through the stub's APB port, ID and CONFIG as read"
    else bad "ethosu/armdrv_init DUT=rtl: exit $rc"; fi
    if [ -f "$ad_checkout/src/ethosu_device_u85.c" ]; then
        scripts/sim TEST=ethosu/armdrv_init DUT=rtl DRIVER=arm ETHOSU_CONFIG=ethos-u85-256 SEED=1 >"$log" 2>&1; rc=$?
        if [ $rc = 0 ] && grep -q '^dut: ethosu85 (rtl), ethos-u85-256' "$log" &&
           grep -q 'it read ID 0x20007001 and CONFIG 0x20000118 as the DUT returns them' "$log"; then
            ok "ethosu/armdrv_init DUT=rtl ETHOSU_CONFIG=ethos-u85-256: the U85 build through the ethosu85 top's APB port"
        else bad "ethosu/armdrv_init DUT=rtl ETHOSU_CONFIG=ethos-u85-256: exit $rc"; fi
    fi
    scripts/sim TEST=ethosu/network NETWORK=sequences/ethosu/networks/ethos-u65-256/conv_1x1 DUT=rtl DRIVER=arm >"$log" 2>&1; rc=$?
    if [ $rc = 77 ] && grep -q '^SKIP: .*does not compute' "$log"; then
        ok "a network with DRIVER=arm on the stub: skipped, the stub does not compute"
    else bad "a network with DRIVER=arm DUT=rtl: exit $rc"; fi
fi
rm -rf "$ad_tmp"
