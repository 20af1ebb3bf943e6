#!/usr/bin/env bash
# Step "Job summary" of action.yml: appends the run's summary.md to the job summary, or, when the command line
# ended without writing one (a bad setting, an unreachable target), says so.
set -euo pipefail

summary="$REPORT_DIR/summary.md"
if [ -f "$summary" ]; then
  cat "$summary" >>"$GITHUB_STEP_SUMMARY"
elif [ -n "${EXIT_CODE:-}" ]; then
  {
    echo "## Commerce Service API conformance: no report"
    echo
    echo "The command line ended with exit code $EXIT_CODE without writing $summary: see the log of the step \"Run the conformance suite\"."
  } >>"$GITHUB_STEP_SUMMARY"
fi
