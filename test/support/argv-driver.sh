# Records every command a script runs (no program exists, PATH is empty): "call", its word count and its words,
# each ended by a NUL (which no word can hold), in one write, so the commands of a pipeline do not interleave.
# __end closes a script with "end".
command_not_found_handle() {
  printf '%s\0' call "$#" "$@" >>"$OUT"
  return 0
}
cd() { command_not_found_handle cd "$@"; }
# A recorder of that name for each name given that is not a builtin or keyword: a command the scripts run records
# its words in this shell, where bash runs command_not_found_handle in a fork of its own (most of the time the
# scripts took). A name not given still reaches the handler. Its only other effect: `command -v NAME` succeeds.
__define_recorders() {
  local name
  for name; do
    type -t "$name" >/dev/null || eval "$name() { command_not_found_handle $name \"\$@\"; }"
  done
}
__end() { printf 'end\0' >>"$OUT"; }
: >"$OUT"
