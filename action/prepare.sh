#!/usr/bin/env bash
# Step "Check the inputs" of action.yml: refuses a bad input before anything is installed, and names the
# reports artifact (output artifact-name): the input artifact-name, else conformance-report, or
# conformance-report-<label> with every character an artifact name cannot hold made a "-".
set -euo pipefail

fail() {
  echo "::error title=Conformance action::$1"
  exit 1
}

case "$INPUT_DEPTH" in
  gate | deep) ;;
  *) fail "depth must be gate or deep, got \"$INPUT_DEPTH\"" ;;
esac
case "$INPUT_STRICT" in
  true | false) ;;
  *) fail "strict must be true or false, got \"$INPUT_STRICT\"" ;;
esac
[ -n "$INPUT_REPORT_DIR" ] || fail "report-dir must not be empty"
for code in ${INPUT_FAIL_ON//,/ }; do
  case "$code" in
    1 | 2) ;;
    *) fail "fail-on lists exit codes 1 and 2 (or nothing), got \"$INPUT_FAIL_ON\"" ;;
  esac
done
[[ "${INPUT_RETENTION_DAYS:-}" =~ ^[0-9]*$ ]] || fail "retention-days must be a number of days, got \"$INPUT_RETENTION_DAYS\""

name="$INPUT_ARTIFACT_NAME"
if [ -z "$name" ]; then
  name="conformance-report"
  if [ -n "$INPUT_LABEL" ]; then name="$name-${INPUT_LABEL//[^A-Za-z0-9._-]/-}"; fi
fi
echo "artifact-name=$name" >>"$GITHUB_OUTPUT"
