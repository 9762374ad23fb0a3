#!/usr/bin/env bash
# A built checkout of an older commit for the side-by-side benchmarks: bash bench/baseline.sh <commit> [dir]
# It shares this checkout's installed packages (symlinked) but has its own workspaces (@app/*), so
# its server and its build are the older commit's own.
set -euo pipefail
commit=${1:?commit}
dir=${2:-.tmp/baseline}
rm -rf "$dir"
git worktree prune
git worktree add --detach "$dir" "$commit" >/dev/null
mkdir -p "$dir/node_modules/@app"
for entry in node_modules/* node_modules/.bin; do
  name=$(basename "$entry")
  [ "$name" = "@app" ] || ln -s "$(pwd)/$entry" "$dir/node_modules/$name"
done
for pkg in shared server storefront admin; do
  ln -s "../../$pkg" "$dir/node_modules/@app/$pkg"
  # Packages a workspace holds apart (another version than the root's).
  [ -d "$pkg/node_modules" ] && ln -s "$(pwd)/$pkg/node_modules" "$dir/$pkg/node_modules"
done
(cd "$dir" && npm run build >/dev/null)
echo "$dir"
