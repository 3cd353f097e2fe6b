#!/usr/bin/env python3
"""Writes docs/man/keyform.1, the manual page (man(7) macros), from
docs/man/keyform.1.in (title, description, exit status, environment, files,
examples: written by hand) and the commands' own help, which the binary
gives as JSON (`keyform --experimental-dump-help`) in place of @COMMANDS@.

    python3 scripts/generate-manual.py .build/debug/keyform            # writes docs/man/keyform.1
    python3 scripts/generate-manual.py .build/debug/keyform --check    # exit 1 if keyform.1 is not current

The page is committed, so that installing needs no toolchain; a test
(ManualCLITests) checks it is current and that groff reads it without a warning.
"""
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "docs/man/keyform.1.in"
PAGE = ROOT / "docs/man/keyform.1"


def escaped(text):
    """Text as man(7) prints it: backslashes and hyphens escaped, no line read as a request."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        line = line.strip()
        if line.startswith(".") or line.startswith("'"):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def paragraphs(text):
    """Help text as paragraphs (a blank line between them in the help)."""
    out = []
    for paragraph in text.strip().split("\n\n"):
        if paragraph.strip():
            if out:
                out.append(".PP")
            out.append(escaped(" ".join(paragraph.split())))
    return out


def synopsis_word(argument):
    """An argument as the synopsis shows it: --name VALUE, [--flag], FORM, [NAME ...]."""
    value = argument.get("valueName", "").upper()
    if argument["kind"] == "positional":
        word = "\\fI%s\\fR" % escaped(value)
        if argument.get("isRepeating"):
            word += " ..."
    else:
        name = argument["preferredName"]
        dashes = "\\-\\-" if name["kind"] == "long" else "\\-"
        word = "\\fB%s%s\\fR" % (dashes, escaped(name["name"]))
        if argument["kind"] == "option":
            word += " \\fI%s\\fR" % escaped(value)
            if argument.get("isRepeating"):
                word += " ..."
    return "[%s]" % word if argument.get("isOptional") else word


def option_heading(argument):
    if argument["kind"] == "positional":
        return "\\fI%s\\fR" % escaped(argument.get("valueName", "").upper())
    names = []
    for name in argument.get("names", []):
        dashes = "\\-\\-" if name["kind"] == "long" else "\\-"
        names.append("\\fB%s%s\\fR" % (dashes, escaped(name["name"])))
    heading = ", ".join(names)
    if argument["kind"] == "option":
        heading += " \\fI%s\\fR" % escaped(argument.get("valueName", "").upper())
    return heading


def shown(argument):
    names = [n["name"] for n in argument.get("names", [])]
    return argument.get("shouldDisplay", True) and "help" not in names and "version" not in names


def command_section(command, path):
    lines = []
    words = path + [command["commandName"]]
    arguments = [a for a in command.get("arguments", []) if shown(a)]
    if "subcommands" not in command or arguments:
        lines.append('.SS "%s"' % escaped(" ".join(words)))
        lines.append(".B %s" % escaped(" ".join(words)))
        lines.extend(synopsis_word(a) for a in arguments)
        lines.append(".PP")
        lines.extend(paragraphs(command.get("abstract", "")))
        if command.get("discussion"):
            lines.append(".PP")
            lines.extend(paragraphs(command["discussion"]))
        for argument in arguments:
            lines.append(".TP")
            lines.append(option_heading(argument))
            text = argument.get("abstract", "")
            if argument.get("defaultValue") and argument["kind"] == "option":
                text += " (default: %s)" % argument["defaultValue"]
            lines.append(escaped(" ".join(text.split())))
    for sub in command.get("subcommands", []):
        if sub.get("shouldDisplay", True) and sub["commandName"] != "help":
            lines.extend(command_section(sub, words))
    return lines


def page(binary):
    dump = subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout
    root = json.loads(dump)["command"]
    commands = [".SH COMMANDS"]
    for sub in root.get("subcommands", []):
        if sub.get("shouldDisplay", True) and sub["commandName"] != "help":
            commands.extend(command_section(sub, [root["commandName"]]))
    version = subprocess.run([binary, "--version"], check=True, capture_output=True, text=True).stdout.split()
    template = TEMPLATE.read_text(encoding="utf-8").replace("@VERSION@", " ".join(version[:2]))
    header = ".\\\" Written by scripts/generate-manual.py from keyform.1.in: edit that file, not this one.\n"
    body = "\n".join(line for line in template.split("\n") if not line.startswith('.\\"'))
    return header + body.replace("@COMMANDS@", "\n".join(commands))


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: generate-manual.py BINARY [--check]")
    text = page(sys.argv[1])
    if "--check" in sys.argv[2:]:
        if not PAGE.exists() or PAGE.read_text(encoding="utf-8") != text:
            sys.exit("docs/man/keyform.1 is not current: run python3 scripts/generate-manual.py %s" % sys.argv[1])
        return
    PAGE.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
