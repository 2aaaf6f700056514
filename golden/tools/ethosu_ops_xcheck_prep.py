#!/usr/bin/env python3
"""By-hand cross-check of the Ethos-U65 golden operation models (not part of make test).

Turns one Vela-compiled corpus folder (<name>_vela.npz, input_<i>.npy, expected_0.npy) into raw
files for golden/tools/ethosu_ops_xcheck_main.c: cmd.bin (the register command stream, COP1 header
stripped), region<n>.bin (the initial bytes of each region: weight_data, the scratch arena with the
inputs copied in), expected.bin and meta.txt ("output <region> <offset> <bytes>").

    build/ethosu-venv/bin/python golden/tools/ethosu_ops_xcheck_prep.py <folder> <outdir>
"""
import glob
import os
import struct
import sys

import numpy as np


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: ethosu_ops_xcheck_prep.py <corpus folder> <outdir>")
    folder, out = sys.argv[1], sys.argv[2]
    npz = glob.glob(os.path.join(folder, "*_vela.npz"))
    if len(npz) != 1:
        sys.exit(f"{folder}: expected one *_vela.npz")
    z = np.load(npz[0], allow_pickle=True)
    os.makedirs(out, exist_ok=True)
    cmd = z["cmd_data"].tobytes()   # tobytes keeps trailing NULs, bytes() would not
    words = struct.unpack(f"<{len(cmd) // 4}I", cmd[: len(cmd) // 4 * 4])
    if words[0] != 0x31504F43:
        sys.exit("cmd_data does not start with COP1")
    i = 1
    stream = None
    while i < len(words):
        tag = words[i] & 0xFF
        if tag == 1:      # CONFIG: 2 words follow
            i += 3
        elif tag == 5:    # NOP
            i += 1
        elif tag == 2:    # CMD_STREAM
            n = ((words[i] >> 16) & 0xFFFF) | (((words[i] >> 8) & 0xFF) << 16)
            stream = words[i + 1 : i + 1 + n]
            break
        else:
            sys.exit(f"driver action {tag} not handled")
    if stream is None:
        sys.exit("no CMD_STREAM action")
    with open(os.path.join(out, "cmd.bin"), "wb") as f:
        f.write(struct.pack(f"<{len(stream)}I", *stream))
    regions = {}
    regions[int(z["weight_region"])] = bytearray(z["weight_data"].tobytes())
    regions[int(z["scratch_region"])] = bytearray(max(int(z["scratch_size"]), 1) + (1 << 20))
    regions[int(z["scratch_fast_region"])] = bytearray(max(int(z["scratch_fast_size"]), 1) + (1 << 20))
    for k in range(len(z["input_offset"])):
        data = np.load(os.path.join(folder, f"input_{k}.npy")).tobytes()
        r, o = int(z["input_region"][k]), int(z["input_offset"][k])
        regions[r][o : o + len(data)] = data
    for r, data in regions.items():
        with open(os.path.join(out, f"region{r}.bin"), "wb") as f:
            f.write(data)
    exp = np.load(os.path.join(folder, "expected_0.npy")).tobytes()
    with open(os.path.join(out, "expected.bin"), "wb") as f:
        f.write(exp)
    with open(os.path.join(out, "meta.txt"), "w") as f:
        f.write(f"output {int(z['output_region'][0])} {int(z['output_offset'][0])} {len(exp)}\n")


if __name__ == "__main__":
    main()
