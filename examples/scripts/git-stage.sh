#!/bin/bash

ADD="Add"
RESET="Reset"

ACTION=$(keyform choose "$ADD" "$RESET") || exit

if [ "$ACTION" == "$ADD" ]; then
    git status --short | cut -c 4- | keyform choose --multiple | xargs -r git add
else
    git status --short | cut -c 4- | keyform choose --multiple | xargs -r git restore
fi
