#!/bin/sh

# gum's examples/commit.sh with Keyform: a conventional commit message, asked
# one line at a time (the type on hotkeys 1-8; Up offers earlier scopes; Esc stops).
#
# A simpler version for your dotfiles:
#
# alias gcm='git commit -m "$(keyform input --label Summary)" -m "$(keyform write --label Details)"'

if [ -z "$(git status -s -uno | grep -v '^ ' | awk '{print $2}')" ]; then
    keyform confirm "Stage all?" && git add .
fi

TYPE=$(keyform choose --label Type fix feat docs style refactor test chore revert) || exit
SCOPE=$(keyform input --label Scope --placeholder scope --history commit-scope) || exit

# Since the scope is optional, wrap it in parentheses if it has a value.
test -n "$SCOPE" && SCOPE="($SCOPE)"

# Pre-populate the input with the type(scope): so that the user may change it
SUMMARY=$(keyform input --label Summary --value "$TYPE$SCOPE: " --required) || exit
DESCRIPTION=$(keyform write --label Details --placeholder "Details of this change") || exit

# Commit these changes if user confirms
keyform confirm "Commit changes?" && git commit -m "$SUMMARY" -m "$DESCRIPTION"
