# Records every command a script runs (no program exists, PATH is empty): its words joined by \x1f, ended by
# \x1e, in one write, so the commands of a pipeline do not interleave. __end closes a script with \x1d.
command_not_found_handle() {
  local record="" word
  for word in "$@"; do record+="$word"$'\x1f'; done
  printf '%s\x1e' "$record" >>"$OUT"
  return 0
}
cd() { command_not_found_handle cd "$@"; }
__end() { printf '\x1d' >>"$OUT"; }
: >"$OUT"
