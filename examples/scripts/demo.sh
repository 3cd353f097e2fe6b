#!/bin/bash

# gum's examples/demo.sh with Keyform: a name, a secret, what to do with it,
# a flavour and a yes/no, each one line. (gum's styling, spinners and
# borders are not Keyform's job: plain echo stands in for them.)

echo "Hello, there! Welcome to Keyform."
NAME=$(keyform input --label Name --placeholder "What is your name?") || exit

echo -e "Well, it is nice to meet you, $NAME."

sleep 1; clear

echo -e "Can you tell me a secret?\n"

keyform input --secret --label Secret --placeholder "I'll keep it to myself, I promise!" > /dev/null # we keep the secret to ourselves

clear; echo "What should I do with this information?"

READ="Read"; THINK="Think"; DISCARD="Discard"
ACTIONS=$(keyform choose --multiple --label Do "$READ" "$THINK" "$DISCARD")

clear; echo "One moment, please."

grep -q "$READ" <<< "$ACTIONS" && echo "Reading the secret..."
grep -q "$THINK" <<< "$ACTIONS" && echo "Thinking about your secret..."
grep -q "$DISCARD" <<< "$ACTIONS" && echo "Discarding your secret..."

sleep 1; clear

echo "What's your favorite Keyform flavor?"
FLAVOR=$(echo -e "Cherry\nGrape\nLime\nOrange" | keyform choose --label Flavor)
echo "I'll keep that in mind!"

sleep 1; clear

echo "Do you like Bubble Gum?"

CHOICE=$(keyform choose --label Answer "Yes" "No" "It's complicated")

[[ "$CHOICE" == "Yes" ]] && echo "I thought so, Bubble Gum is the best." || echo "I'm sorry to hear that."

echo "Well, it was nice meeting you, $NAME. Hope to see you soon!"
echo "Don't forget to chew some $FLAVOR bubble gum."
