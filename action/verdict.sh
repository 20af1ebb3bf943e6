#!/usr/bin/env bash
# Step "Verdict" of action.yml: fails the action on the exit codes listed in fail-on (default 1 and 2), with
# an error annotation that says what the code means (README "Command line", exit codes); an exit code it
# does not list is a warning. Any other non-zero code (the command line crashed or was killed) always fails.
set -euo pipefail

listed() {
  local code
  for code in ${FAIL_ON//,/ }; do
    if [ "$code" = "$1" ]; then return 0; fi
  done
  return 1
}

# Prints the annotation for an exit code the command line documents, as an error when fail-on lists it
# (then ends the step with that code), else as a warning.
judge() {
  if listed "$1"; then
    echo "::error title=Conformance::$2"
    exit "$1"
  fi
  echo "::warning title=Conformance::$2 (not failing: fail-on is \"$FAIL_ON\")"
}

case "${EXIT_CODE:-}" in
  0) echo "Conformance passed (exit code 0): no MUST rule failed outside the baseline, and every MUST rule was evaluated." ;;
  1) judge 1 "exit code 1: a MUST rule failed outside the baseline (with strict: or a SHOULD rule; with --strict-baseline: or a baseline entry is stale); see the job summary and the artifact $ARTIFACT_NAME" ;;
  2) judge 2 "exit code 2: the run is incomplete (a MUST rule not evaluated) or could not be made (bad input, setting or baseline, target unreachable or token refused, engine error, deadline); see the log of the step \"Run the conformance suite\"" ;;
  "")
    echo "::error title=Conformance::the suite did not run (no exit code)"
    exit 1
    ;;
  *)
    echo "::error title=Conformance::the command line ended abnormally (exit code $EXIT_CODE); see the log"
    exit "$EXIT_CODE"
    ;;
esac
