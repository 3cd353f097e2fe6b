#! /bin/sh

# Manage git branches: delete, update or rebase the ones you choose. gum's
# examples/git-branch-manager.sh with Keyform: the branches are piped into
# keyform choose, which reads its keys from the terminal, so it also works
# inside the loop below, whose stdin is the list of branches.

get_branches () {
  git branch --format="%(refname:short)" | keyform choose "$@"
}

if ! git rev-parse --git-dir > /dev/null 2>&1; then
  echo "!! Must be run in a git repo"
  exit 1
fi

printf '\n  Git Branch Manager\n\n'

branches=$(get_branches --multiple --label "Branches to operate on") || exit
command=$(keyform choose --label Command rebase delete update) || exit
echo ""

echo "$branches" | while read -r branch
do
  case $command in
    rebase)
      base_branch=$(get_branches --label "Rebase $branch on") || exit
      git fetch origin
      git checkout "$branch"
      git rebase "origin/$base_branch"
      ;;
    delete)
      git branch -D "$branch"
      ;;
    update)
      git checkout "$branch"
      git pull --ff-only
      ;;
  esac
done
