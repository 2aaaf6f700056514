// ethosu85.f: sources of the Ethos-U85 stub (Verilator -f, Icarus -c): the Ethos-U65
// stub's sources (its own file list, nested) behind the ethosu85 top.
// Paths are relative to the repository root: run the tool from there
// (Verilator resolves the paths in a -f file against the current directory).
// Top module: ethosu85.
-f rtl_stubs/ethosu65/ethosu65.f
rtl_stubs/ethosu85/ethosu85.v
