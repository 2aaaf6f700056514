#!/usr/bin/env bash
# ethosu_driver.sh: Arm's ethos-u-core-driver, built for this host from a
# checkout's unmodified sources with the project's shim, and the simulators
# that run it (make ethosu-driver; make sim ... DRIVER=arm; docs/ethos-u-driver.md).
#
#   ethosu_driver.sh build <u55|u65|u85> <core archive> <checkout>
#       compile src/ethosu_driver.c, src/ethosu_device_u55_u65.c (U85:
#       src/ethosu_device_u85.c) and src/ethosu_pmu.c (as the driver's CMake
#       does for that product: -DETHOSU55, -DETHOSU65 or -DETHOSU85) and the shim's client
#       (sequences/ethosu/armdrv/) into <core's folder>/ethosu-driver/<product>/
#       (build/, or build-san/ with SAN=1), an
#       archive of the core with the client in place of its stand-in
#       (ethosu_armdrv_none.o), and the C-harness twin simulator on it.
#   ethosu_driver.sh bin <u55|u65|u85> <twin|rtl> <core archive>
#       the simulator of that product's build for the DUT, rebuilt when the
#       core is newer (from the checkout the last build recorded, or
#       $ETHOSU_DRIVER); prints its path. The RTL one is Verilated by
#       scripts/build/rtl_build.sh on that archive, in its own folder.
#
# The checkout is read, never written: objects go to build/. Its path is an
# argument, never shell text. Exit 2 on a missing or wrong checkout or a
# driver not built yet, 1 on a build failure. With ARMDRV_OPTIONAL=1 a
# checkout without the product's device file (a driver older than its U85
# support) is skipped with a note, exit 0 (make ethosu-driver's default list).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
# beside the core archive: build/ (build-san/ with SAN=1) holds both
out_root_of() { echo "$(cd "$(dirname "$1")" && pwd)/ethosu-driver"; }

die() { echo "ethosu-driver: $1" >&2; exit "${2:-2}"; }

# a checkout of ethos-u-core-driver: a folder holding its sources
check_checkout() {
    local d=$1
    [ -n "$d" ] || die "ETHOSU_DRIVER is empty: give your checkout of Arm's ethos-u-core-driver, e.g. make ethosu-driver ETHOSU_DRIVER=/path/to/ethos-u-core-driver"
    [ -d "$d" ] || die "ETHOSU_DRIVER=$d: no such folder (a checkout of Arm's ethos-u-core-driver)"
    local f
    for f in src/ethosu_driver.c src/ethosu_device_u55_u65.c src/ethosu_pmu.c include/ethosu_driver.h src/ethosu_config_u55.h src/ethosu_config_u65.h; do
        [ -f "$d/$f" ] || die "ETHOSU_DRIVER=$d: no $f there: not a checkout of Arm's ethos-u-core-driver"
    done
}

# the product's device file: src/ethosu_device_u55_u65.c, or _u85.c
device_of() {
    case "$1" in u85) echo ethosu_device_u85 ;; *) echo ethosu_device_u55_u65 ;; esac
}

check_product() {
    case "$1" in
        u55|u65|u85) ;;
        *) die "the driver's product must be u55, u65 or u85, got '$1'" ;;
    esac
}

build() {
    local product=$1 core=$2 drv
    check_product "$product"
    [ -f "$core" ] || die "no core archive $core (make builds it)"
    check_checkout "$3"
    drv=$(cd "$3" && pwd) || exit 2
    local dev
    dev=$(device_of "$product")
    if [ ! -f "$drv/src/$dev.c" ] || [ ! -f "$drv/src/ethosu_config_$product.h" ]; then
        [ "${ARMDRV_OPTIONAL:-}" = 1 ] && { echo "ethosu-driver: $drv has no src/$dev.c: no $product build (a driver older than its ${product^^} support)"; return 0; }
        die "ETHOSU_DRIVER=$drv: no src/$dev.c or src/ethosu_config_$product.h there: a driver older than its ${product^^} support"
    fi
    local dir upper=${product^^}
    dir=$(out_root_of "$core")/$product
    mkdir -p "$dir/obj" || exit 1
    # one build of a product at a time (two runs started together wait here)
    exec 9>>"$dir/.build.lock"
    flock 9
    local cc=${CC:-gcc}
    # the driver as its CMake builds it for this product; 32-bit register
    # accesses for its bitfields (the shim's window takes aligned words only).
    # One build option of its own set: NPU_REGIONCFG_1 (its default 2 reads
    # the tensor arena through M1). The simulation's M0 and M1 are two
    # memories and the NPU writes every output through M0, so the arena,
    # which is written and read back, is read through M0 too (0); the model
    # (region 0) and the command stream stay behind M1 as the driver sets them.
    # (The U85 build's default is 0 already: MEM_ATTR0, the SRAM port, M0.)
    local -a dflags=(-std=gnu11 -O2 -g -Wall -fstrict-volatile-bitfields -DETHOSU -DETHOS"$upper"
                     -DETHOSU_ARCH="$product" -DETHOSU_LOG_ENABLE=1 -DETHOSU_LOG_SEVERITY=1 -DNPU_REGIONCFG_1=0
                     -I"$drv/include" -I"$drv/src" -I"$root/sequences/ethosu/armdrv")
    local -a objs=() f
    for f in ethosu_driver "$dev" ethosu_pmu; do
        # arm_ prefix: the core has an ethosu_driver.o of its own (ar keys members by name)
        "$cc" "${dflags[@]}" -c "$drv/src/$f.c" -o "$dir/obj/arm_$f.o" ||
            die "compiling $drv/src/$f.c for $product failed" 1
        objs+=("$dir/obj/arm_$f.o")
    done
    local lib=$dir/libsimcore-armdrv.a
    cp "$core" "$lib.$$" && ar d "$lib.$$" ethosu_armdrv_none.o || { rm -f "$lib.$$"; die "copying $core failed" 1; }
    # a global name both the driver and the core define (the project's own
    # runner has an ethosu_soft_reset too): the driver's copy is renamed in
    # its objects, its sources stay as they are
    local clash
    clash=$(comm -12 <(nm -g --defined-only "${objs[@]}" | awk 'NF==3{print $3}' | sort -u) \
                     <(nm -g --defined-only "$lib.$$" 2>/dev/null | awk 'NF==3{print $3}' | sort -u))
    local -a redefine=()
    for f in $clash; do
        redefine+=(--redefine-sym "$f=armdrv_$f")
        echo "ethosu-driver: the driver's $f is armdrv_$f here (the simulator defines one too)"
    done
    "$cc" "${dflags[@]}" -Wextra -Werror -c "$root/sequences/ethosu/armdrv/ethosu_armdrv_client.c" \
        -o "$dir/obj/ethosu_armdrv_client.o" || { rm -f "$lib.$$"; die "compiling the shim's client for $product failed" 1; }
    objs+=("$dir/obj/ethosu_armdrv_client.o")
    if [ ${#redefine[@]} -gt 0 ]; then
        for f in "${objs[@]}"; do objcopy "${redefine[@]}" "$f" || { rm -f "$lib.$$"; die "objcopy of $f failed" 1; }; done
    fi
    ar rs "$lib.$$" "${objs[@]}" && mv -f "$lib.$$" "$lib" || { rm -f "$lib.$$"; die "archiving $lib failed" 1; }
    local objdir
    objdir=$(dirname "$core")/obj
    local main=$objdir/sequences/main/sim_cli_main.o none=$objdir/sim/verilator/dut_rtl_none.o
    [ -f "$main" ] && [ -f "$none" ] || die "no $main or $none (make twin builds them)"
    # -rdynamic: a failure names the driver's function through dladdr
    "$cc" -rdynamic ${LDFLAGS:-} -o "$dir/sim-twin.$$" "$main" "$none" "$lib" -lz &&
        mv -f "$dir/sim-twin.$$" "$dir/sim-twin" || { rm -f "$dir/sim-twin.$$"; die "linking $dir/sim-twin failed" 1; }
    printf '%s\n' "$drv" >"$dir/checkout"
    echo "ethosu-driver: $product build of $drv ($(git -C "$drv" describe --always --dirty 2>/dev/null || echo 'not a git work tree')): $dir/sim-twin"
}

bin() {
    local product=$1 dut=$2 core=$3
    check_product "$product"
    [ -f "$core" ] || die "no core archive $core (make builds it)"
    local dir
    dir=$(out_root_of "$core")/$product
    if [ ! -x "$dir/sim-twin" ] || [ "$core" -nt "$dir/libsimcore-armdrv.a" ] ||
       [ "$root/sequences/ethosu/armdrv/ethosu_armdrv_client.c" -nt "$dir/libsimcore-armdrv.a" ]; then
        local from=${ETHOSU_DRIVER:-}
        [ -z "$from" ] && [ -r "$dir/checkout" ] && from=$(<"$dir/checkout")
        [ -n "$from" ] || die "DRIVER=arm: Arm's driver is not built ($product): make ethosu-driver ETHOSU_DRIVER=<checkout of ethos-u-core-driver> first"
        build "$product" "$core" "$from" >&2 || exit $?
    fi
    case "$dut" in
        twin) echo "$dir/sim-twin" ;;
        rtl)
            HARNESS_LIB=$dir/libsimcore-armdrv.a RTL_FAMILY=ethosu RTL_BUILD_ROOT=$dir/rtl \
                RTL_FLAGS="${RTL_FLAGS:-} -LDFLAGS -rdynamic" scripts/build/rtl_build.sh || exit 2 ;;
        *) die "DUT must be twin or rtl, got '$dut'" ;;
    esac
}

case "${1:-}" in
    build) [ $# = 4 ] || die "usage: $0 build <u55|u65|u85> <core archive> <checkout>"; build "$2" "$3" "$4" ;;
    bin)   [ $# = 4 ] || die "usage: $0 bin <u55|u65|u85> <twin|rtl> <core archive>"; bin "$2" "$3" "$4" ;;
    *) die "usage: $0 build <u55|u65|u85> <core archive> <checkout> | bin <u55|u65|u85> <twin|rtl> <core archive>" ;;
esac
