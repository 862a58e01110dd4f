#!/usr/bin/env bash
# `ars-docs audit run` end to end, offline: a scripted fake auditor stands in
# for codex. Builds a throw-away git repository in examples/audit/out/ with the
# bundle and the audit template, then runs the wrapper the way CI would. Each
# step checks the exit code it expects (docs/audit.md, exit-code table).
# Needs `ars-docs` and `git` on PATH.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/out"
rm -rf "$out" && mkdir -p "$out"
cp -R "$here/bundle/." "$out/"
cd "$out" || exit 1
git init -q
mkdir -p shared/templates
ars-docs audit template > shared/templates/codex_audit_multifile_template.md
git add -A
git -c user.name=example -c user.email=example@example.org commit -q -m "chapter 4 bundle"
export ARS_CODEX="$here/fake_codex.py"   # a deployment leaves this unset: codex on PATH

# Bold command lines on a terminal only: no escape codes in logs, pipes or CI.
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then
  bold=$'\033[1m' plain=$'\033[0m'
else
  bold='' plain=''
fi

quoted() {  # the words as a shell reads them back: a pasted line runs the same command
  local word line='' q="'" qq="'\"'\"'"
  for word in "$@"; do
    if [[ $word =~ ^[A-Za-z0-9@%+=:,./_-]+$ ]]; then
      line+=" $word"
    else
      line+=" '${word//$q/$qq}'"
    fi
  done
  printf '%s' "${line# }"
}

step() {  # step EXPECTED_EXIT DESCRIPTION -- COMMAND...
  local expected=$1 what=$2; shift 3
  printf '\n%s$ %s%s   # %s\n' "$bold" "$(quoted "$@")" "$plain" "$what"
  "$@"
  local code=$?
  if [ "$code" -ne "$expected" ]; then
    echo "examples/audit/run.sh: expected exit $expected, got $code: $(quoted "$@")" >&2
    exit 1
  fi
}
audit=(ars-docs audit run --stage 2 --agent synthesis_agent
       --deliverable chapter_4/synthesis.md --supporting chapter_4/bibliography.json
       --round 1 --bundle-id chapter4-example)

step 64 "an unknown agent is refused before anything is written" -- \
  ars-docs audit run --stage 2 --agent writer_agent --deliverable chapter_4/synthesis.md --round 1
step 0 "dry run: the inputs are valid; nothing is written" -- "${audit[@]}" --dry-run
[ ! -e audit_artifacts ] || { echo "the dry run wrote audit_artifacts/" >&2; exit 1; }
step 0 "the audit: the fake auditor finds one P3, so MINOR" -- "${audit[@]}"
step 0 "the four contract files pass the §3.7 invariant rows" -- \
  ars-docs lint audit-artifacts --mode proposal audit_artifacts/*.audit_artifact_entry.json
FAKE_CODEX_EXIT=75 step 75 "a rate-limited auditor: AUDIT_FAILED set, exit 75 kept" -- \
  "${audit[@]}" --format json
echo
echo "examples/audit/run.sh: all steps behaved as documented; files in $out/audit_artifacts/"
