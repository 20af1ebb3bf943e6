#!/usr/bin/env bash
# Step "Run the conformance suite" of action.yml: masks the token, maps the inputs (INPUT_* variables) to the
# command line's flags (the token to CONFORMANCE_TOKEN, never a flag), runs the command line of the action's
# own directory in the working directory (the workspace), and records its exit code as the output exit-code
# without failing the step: the last step gives the verdict, after the job summary and the upload.
# An empty input adds no flag, so CONFORMANCE_* variables of the job still apply.
set -uo pipefail

if [ -n "${INPUT_TOKEN:-}" ]; then
  echo "::add-mask::$INPUT_TOKEN"
  export CONFORMANCE_TOKEN="$INPUT_TOKEN"
fi
unset INPUT_TOKEN

args=(--report-dir "$INPUT_REPORT_DIR" --depth "$INPUT_DEPTH")
if [ -n "$INPUT_BASE_URL" ]; then args+=(--base-url "$INPUT_BASE_URL"); fi
if [ -n "$INPUT_BASELINE" ]; then args+=(--baseline "$INPUT_BASELINE"); fi
if [ -n "$INPUT_LABEL" ]; then args+=(--label "$INPUT_LABEL"); fi
if [ "$INPUT_STRICT" = true ]; then args+=(--strict); fi
# Further flags: words separated by white space, no quoting, no globbing.
read -r -d '' -a extra <<<"$INPUT_ARGS" || true
args+=("${extra[@]}")

echo "commerce-conformance ${args[*]}"
node "$GITHUB_ACTION_PATH/bin/commerce-conformance.mjs" "${args[@]}"
code=$?
echo "exit-code=$code" >>"$GITHUB_OUTPUT"
echo "report-dir=$INPUT_REPORT_DIR" >>"$GITHUB_OUTPUT"
