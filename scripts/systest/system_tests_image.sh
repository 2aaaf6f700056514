# system_tests_image.sh: image-input (pixel) convolution through make sim.
# Sourced by scripts/systest/system_tests.sh (uses ok/bad and $log). Hand-written
# traces (scripts/gen/gen_image_trace.py) whose check_crc is the CRC of output
# bytes worked out by hand, not a model's: A8B8G8R8 (means, x offset, CDMA
# left pad) and Y8___U8V8_N444 semi-planar, on nv_small and nv_large (the
# folder name), with AXI stalls; and a corner the specs leave open refused
# naming its register.
im_tmp=$(mktemp -d)
for im_cfg in nv_small nv_large; do
    for im_case in abgr yuv; do
        im_dir=$im_tmp/$im_cfg/img_$im_case
        python3 scripts/gen/gen_image_trace.py "$im_dir" $im_case "$im_cfg"
        if make -s sim TRACE="$im_dir" DUT=twin SEED=3 AXI_STALL=30 >"$log" 2>&1 && grep -q '^PASS:' "$log" &&
           grep -q 'check_crc .* PASS' "$log" && grep -q "nvdla_config=$im_cfg" "$log"; then
            ok "image input $im_case on $im_cfg: the twin writes the hand-worked bytes (CRC)"
        else bad "image input $im_case on $im_cfg"; fi
    done
done
python3 scripts/gen/gen_image_trace.py "$im_tmp/nv_small/img_yuv_off4" yuv nv_small 4
if ! make -s sim TRACE="$im_tmp/nv_small/img_yuv_off4" DUT=twin SEED=1 >"$log" 2>&1 &&
   grep -q 'CDMA D_PIXEL_OFFSET PIXEL_X_OFFSET = 4 with semi-planar pixel format 28' "$log"; then
    ok "image input: semi-planar with PIXEL_X_OFFSET 4 refused naming the register"
else bad "image input: semi-planar with PIXEL_X_OFFSET 4 not refused"; fi
rm -rf "$im_tmp"
