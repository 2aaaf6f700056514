# system_tests_docs.sh (sourced by system_tests.sh: uses ok/bad and $log):
# scripts/check/check_doc_links.py, the link check of `make docs-check`, passes a
# sound tree and fails, naming file:line, on each kind of broken link and on
# an excerpt that no longer matches its source.
dl_tmp=$(mktemp -d)
mkdir -p "$dl_tmp/docs" "$dl_tmp/src"
printf 'int f(void)\n{\n    return 1;\n}\n\nint g(void)\n{\n    return 2;\n}\n' >"$dl_tmp/src/a.c"
cat >"$dl_tmp/README.md" <<'MD'
# Front

See [the guide](docs/guide.md), [its knobs](docs/guide.md#knobs-of-make-sim),
[SystemC](docs/guide.md#systemc-and-tlm-20), [the second one](docs/guide.md#notes-1),
[here](#front), [the source](src/a.c) and <https://example.com/>.
`[not a link](nowhere.md)`

```
[not a link either](nowhere.md)
```

<!-- excerpt: src/a.c -->
```c
int f(void)
{
/* ... */
int g(void)
{
    return 2;
}
```
MD
cat >"$dl_tmp/docs/guide.md" <<'MD'
# Guide

## Knobs of `make sim`

## SystemC and TLM-2.0

## Notes

## Notes

Back to [the front](../README.md#front).
MD
if python3 scripts/check/check_doc_links.py --root "$dl_tmp" >"$log" 2>&1; then
    ok "docs-check: a tree whose links, anchors and excerpt hold passes"
else bad "docs-check: a sound tree refused"; fi
# expect_doc_break NAME FILE LINE SED-EXPRESSION PATTERN: the edit breaks the
# tree; the check must fail with FILE:LINE: and PATTERN
expect_doc_break() {
    local name=$1 file=$2 line=$3 expr=$4 pattern=$5
    rm -rf "$dl_tmp/t" && mkdir "$dl_tmp/t" && cp -r "$dl_tmp/README.md" "$dl_tmp/docs" "$dl_tmp/src" "$dl_tmp/t/"
    sed -i "$expr" "$dl_tmp/t/$file"
    if python3 scripts/check/check_doc_links.py --root "$dl_tmp/t" >"$log" 2>&1; then bad "docs-check: $name (passed)"
    elif grep -qF "$file:$line: " "$log" && grep -qF -- "$pattern" "$log"; then ok "docs-check: $name fails naming $file:$line"
    else bad "docs-check: $name (no '$file:$line: ... $pattern' in the output)"; fi
}
expect_doc_break "a link to a missing file" README.md 3 's|docs/guide.md)|docs/gide.md)|' "no file docs/gide.md"
expect_doc_break "a link to a missing heading" README.md 4 's|#systemc-and-tlm-20|#systemc|' "no heading with anchor #systemc in docs/guide.md"
expect_doc_break "an anchor into the same file" README.md 5 's|(#front)|(#back)|' "no heading with anchor #back"
expect_doc_break "a link up the tree" docs/guide.md 11 's|README.md#front|READ.md|' "no file READ.md"
expect_doc_break "a stale excerpt" README.md 19 's|return 2;|return 3;|' "excerpt of src/a.c"
# and the repository's own pages, with one link broken on a copy
rm -rf "$dl_tmp/repo" && mkdir "$dl_tmp/repo"
cp -r README.md docs "$dl_tmp/repo/"
sed -i '0,/(docs\/traces.md)/s//(docs\/tracez.md)/' "$dl_tmp/repo/README.md"
bad_line=$(grep -n 'docs/tracez.md' "$dl_tmp/repo/README.md" | head -1 | cut -d: -f1)
if ! python3 scripts/check/check_doc_links.py --root "$dl_tmp/repo" >"$log" 2>&1 &&
   grep -qF "README.md:$bad_line: broken link docs/tracez.md: no file" "$log"; then
    ok "docs-check: a broken link in a copy of README.md fails naming README.md:$bad_line"
else bad "docs-check: a broken link in a copy of README.md is not reported at README.md:$bad_line"; fi
rm -rf "$dl_tmp"
