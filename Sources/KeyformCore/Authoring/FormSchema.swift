/// A JSON Schema (draft 2020-12) of the form file format (SPEC "Form files",
/// docs/form-format.md), for editors: `keyform form schema > form.schema.json`,
/// then a `# yaml-language-server: $schema=form.schema.json` first line in a form.
///
/// The schema catches what a schema can: unknown fields, wrong types, ids and
/// names that are not identifiers, unknown types and inputs, missing fields,
/// `fields` and `pages` together. `keyform form check` does more (ids used twice,
/// layouts that do not resolve, regular expressions, `min` > `max`, defaults
/// that fail the field's rules, templates naming unknown fields, control
/// characters…).
///
/// As in `LayoutSchema`, the text fields accept the JSON types an editor reading
/// YAML 1.1 may see in a plain scalar (`no` a boolean, `1.10` a number), and the
/// true-or-false fields accept the words the parser does (`yes`, `on`…).
public enum FormSchema {
    /// The enums below come from the model, so a new type or input is in the schema too.
    public static var json: String {
        template
            .replacingOccurrences(
                of: "TYPE_NAMES", with: Field.ValueType.allCases.map(\.rawValue).joined(separator: ", ")
            )
            .replacingOccurrences(of: "TYPES", with: quoted(Field.ValueType.allCases.map(\.rawValue)))
            .replacingOccurrences(of: "INPUTS", with: quoted(Field.InputView.allCases.map(\.rawValue)))
            .replacingOccurrences(of: "ORDERS", with: quoted(Field.ChoiceSource.Order.allCases.map(\.rawValue)))
            .replacingOccurrences(of: "FORM_FIELD_NAMES", with: FormParser.formFields.joined(separator: ", "))
            .replacingOccurrences(of: "FIELD_FIELD_NAMES", with: FormParser.fieldFields.joined(separator: ", "))
            .replacingOccurrences(of: "RULE_FIELD_NAMES", with: FormParser.ruleFields.joined(separator: ", "))
    }

    private static func quoted(_ names: [String]) -> String {
        names.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    private static let template: String = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://keyform.dev/schemas/form.json",
          "title": "Keyform form",
          "description": "A Keyform form: fields typed with readline or picked from key grids; one submission makes one record. Give either fields or pages, not both. Known fields: FORM_FIELD_NAMES.",
          "type": "object",
          "properties": {
            "title": {
              "description": "Shown at the top of the form.",
              "$ref": "#/$defs/scalarText"
            },
            "name": {
              "description": "The record kind (it names the records' table): a-z first, then a-z, 0-9 and _. Default: the file's stem (Swim Log.yaml gives swim_log).",
              "$ref": "#/$defs/identifier"
            },
            "fields": {
              "$ref": "#/$defs/fields",
              "description": "The fields, in the order they are filled in. Use either fields or pages."
            },
            "pages": {
              "description": "Pages of fields; Shift-Tab goes back across pages. Use either fields or pages.",
              "type": "array",
              "minItems": 1,
              "items": { "$ref": "#/$defs/page" }
            },
            "template": {
              "description": "How --format template prints a record, with {{FIELD_ID}} for a field's value (Mustache).",
              "$ref": "#/$defs/scalarText"
            },
            "compact": {
              "description": "true: fields are drawn one a line, without the space between them.",
              "$ref": "#/$defs/boolean"
            },
            "timeout": {
              "description": "Seconds to fill the form in: the footer counts down; at zero the form ends as Esc does, its draft kept, exit status 124.",
              "type": "integer",
              "minimum": 1,
              "maximum": 86400
            },
            "rules": {
              "description": "Checks across fields that keep Done disabled, with their message, while broken: check (an expression like end >= start) or one_of (at least one of the fields filled).",
              "type": "array",
              "items": { "$ref": "#/$defs/rule" }
            }
          },
          "additionalProperties": false,
          "oneOf": [
            { "required": ["fields"] },
            { "required": ["pages"] }
          ],
          "$defs": {
            "scalarText": {
              "description": "Text. A plain YAML scalar is read as text exactly as written.",
              "type": ["string", "number", "boolean"]
            },
            "identifier": {
              "type": "string",
              "pattern": "^[a-z][a-z0-9_]*$"
            },
            "boolean": {
              "description": "true or false (also yes/no, on/off).",
              "anyOf": [
                { "type": "boolean" },
                { "enum": ["true", "false", "yes", "no", "on", "off", "True", "False", "Yes", "No", "On", "Off", "TRUE", "FALSE", "YES", "NO", "ON", "OFF"] }
              ]
            },
            "fields": {
              "type": "array",
              "minItems": 1,
              "items": { "$ref": "#/$defs/field" }
            },
            "page": {
              "description": "One page of fields.",
              "type": "object",
              "properties": {
                "title": {
                  "description": "Shown at the top while this page is shown.",
                  "$ref": "#/$defs/scalarText"
                },
                "when": {
                  "$ref": "#/$defs/condition",
                  "description": "The page is shown only while this holds (it names fields of earlier pages); hidden, its fields are skipped and not stored."
                },
                "description": {
                  "description": "A short note under the header while this page is shown (dimmed, wrapped; line breaks kept).",
                  "$ref": "#/$defs/nonEmptyText"
                },
                "fields": {
                  "$ref": "#/$defs/fields",
                  "description": "The fields of this page, in order."
                }
              },
              "required": ["fields"],
              "additionalProperties": false
            },
            "field": {
              "description": "One field of the form. Known fields: FIELD_FIELD_NAMES.",
              "type": "object",
              "properties": {
                "id": {
                  "description": "The key of the value in the record: a-z first, then a-z, 0-9 and _; unique in the form.",
                  "$ref": "#/$defs/identifier"
                },
                "label": {
                  "description": "What the form shows (default: the id); not empty. A required field's label shows a *.",
                  "$ref": "#/$defs/scalarText",
                  "pattern": "\\S"
                },
                "when": {
                  "$ref": "#/$defs/condition",
                  "description": "The field is shown only while this holds (it names earlier fields); hidden, it is skipped, not checked and not stored."
                },
                "description": {
                  "description": "A short note under the label (dimmed, wrapped; line breaks kept). In a compact form, shown for the focused field.",
                  "$ref": "#/$defs/nonEmptyText"
                },
                "placeholder": {
                  "description": "Dimmed text shown in the empty field: a hint, never a value (not stored, validated or returned). Not for boolean fields.",
                  "$ref": "#/$defs/nonEmptyText"
                },
                "type": {
                  "description": "The kind of value (default: text): TYPE_NAMES. docs/form-format.md says what each accepts.",
                  "enum": [TYPES],
                  "default": "text"
                },
                "required": {
                  "description": "true: the field must not be empty (spaces alone count as empty); Done stays disabled while it is.",
                  "$ref": "#/$defs/boolean"
                },
                "required_if": {
                  "$ref": "#/$defs/condition",
                  "description": "The field must not be empty while this holds (it names earlier fields, as when does): required when paid is yes."
                },
                "layout": {
                  "description": "A layout name or a .yaml path: the key grid that Tab swaps to (docs/layout-format.md).",
                  "$ref": "#/$defs/scalarText"
                },
                "input": {
                  "description": "The view the field opens with: keyboard (default) or grid (its layout's grid).",
                  "enum": [INPUTS],
                  "default": "keyboard"
                },
                "strict": {
                  "description": "true: the value must be exactly one of the layout's text keys' texts.",
                  "$ref": "#/$defs/boolean"
                },
                "default": {
                  "description": "The starting value, as if typed; last is the field's value in the last stored record; a multiple field's may be a list of key texts.",
                  "anyOf": [{"$ref": "#/$defs/scalarText"}, {"type": "array", "items": {"$ref": "#/$defs/scalarText"}}]
                },
                "pattern": {
                  "description": "A regular expression (ICU syntax) the whole value must match (text fields).",
                  "$ref": "#/$defs/scalarText"
                },
                "min_length": {
                  "description": "The fewest characters a person sees (grapheme clusters), for text fields.",
                  "type": "integer",
                  "minimum": 0
                },
                "max_length": {
                  "description": "The most characters a person sees (grapheme clusters), for text fields.",
                  "type": "integer",
                  "minimum": 0
                },
                "min": {
                  "description": "The smallest value, inclusive (integer and number fields).",
                  "type": "number"
                },
                "max": {
                  "description": "The largest value, inclusive (integer and number fields).",
                  "type": "number"
                },
                "choices": {
                  "description": "The keys of the field's grid: a list written here, keys by another field's value, or earlier values from the store.",
                  "anyOf": [
                    { "$ref": "#/$defs/choiceList" },
                    {
                      "description": "Keys chosen by another field's value: the grid offers the list under the value that field holds.",
                      "type": "object",
                      "properties": {
                        "by": {
                          "description": "The id of the field whose value picks the keys (like country).",
                          "type": "string",
                          "pattern": "^[a-z][a-z0-9_]*$"
                        },
                        "keys": {
                          "description": "Each value of the 'by' field, with the keys offered while it holds that value.",
                          "type": "object",
                          "minProperties": 1,
                          "additionalProperties": { "$ref": "#/$defs/choiceList" }
                        }
                      },
                      "required": ["by", "keys"],
                      "additionalProperties": false
                    },
                    {
                      "description": "Earlier values from the store, offered as the field's grid.",
                      "type": "object",
                      "properties": {
                        "from": {
                          "description": "FORM.FIELD: a form's name and one of its field ids.",
                          "type": "string",
                          "pattern": "^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$"
                        },
                        "order": {
                          "description": "recent (newest first, the default) or frequent (most used first).",
                          "enum": [ORDERS],
                          "default": "recent"
                        },
                        "limit": {
                          "description": "At most this many choices (1 to 50; default 9).",
                          "type": "integer",
                          "minimum": 1,
                          "maximum": 50
                        },
                        "by": {
                          "description": "A field id of this form: only values stored in records whose same field held this field's answer (the cities stored for the country picked); limit counts per answer.",
                          "type": "string",
                          "pattern": "^[a-z][a-z0-9_]*$"
                        }
                      },
                      "required": ["from"],
                      "additionalProperties": false
                    },
                    {
                      "description": "A program's output lines, run without a shell when the form runs (never by form check, preview or fmt).",
                      "type": "object",
                      "properties": {
                        "command": {
                          "description": "The program (looked up in PATH) and its arguments, one argv element each; {{FIELD}} in an argument is that earlier answer.",
                          "type": "array",
                          "minItems": 1,
                          "items": { "type": "string" }
                        },
                        "timeout": {
                          "description": "Seconds the command may run before it is stopped (0.1 to 600; default 5).",
                          "type": "number",
                          "minimum": 0.1,
                          "maximum": 600
                        }
                      },
                      "required": ["command"],
                      "additionalProperties": false
                    },
                    {
                      "description": "A file's lines, one key a line (relative to the form file).",
                      "type": "object",
                      "properties": {
                        "file": { "description": "The file's path, relative to the form file's folder.", "type": "string", "minLength": 1 }
                      },
                      "required": ["file"],
                      "additionalProperties": false
                    }
                  ]
                },
                "multiple": {
                  "description": "true: the value is a list of key texts, toggled in the grid (text fields with a choice layout or choices).",
                  "$ref": "#/$defs/boolean"
                },
                "messages": {
                  "description": "The form's own words for a failed check, shown instead of Keyform's (on the screen, in answers errors, records import and keyform test). Only for checks the field has.",
                  "type": "object",
                  "properties": {
                    "required": { "description": "When the field is empty (required: true, or a required_if that holds).", "$ref": "#/$defs/nonEmptyText" },
                    "pattern": { "description": "When the value does not match 'pattern', like Give an email like ada@example.org.", "$ref": "#/$defs/nonEmptyText" },
                    "min": { "description": "When the number is below 'min'.", "$ref": "#/$defs/nonEmptyText" },
                    "max": { "description": "When the number is above 'max'.", "$ref": "#/$defs/nonEmptyText" },
                    "min_length": { "description": "When the text is shorter than 'min_length'.", "$ref": "#/$defs/nonEmptyText" },
                    "max_length": { "description": "When the text is longer than 'max_length'.", "$ref": "#/$defs/nonEmptyText" },
                    "strict": { "description": "When the value is not one of the layout's keys (strict: true).", "$ref": "#/$defs/nonEmptyText" },
                    "min_picks": { "description": "When fewer items are picked than 'min_picks'.", "$ref": "#/$defs/nonEmptyText" },
                    "max_picks": { "description": "When more items are picked than 'max_picks'.", "$ref": "#/$defs/nonEmptyText" }
                  },
                  "additionalProperties": false
                },
                "min_picks": {
                  "description": "A multiple field: at least this many items picked (an empty optional field passes; required asks for one).",
                  "type": "integer",
                  "minimum": 0
                },
                "max_picks": {
                  "description": "A multiple field: at most this many items picked.",
                  "type": "integer",
                  "minimum": 0
                },
                "states": {
                  "description": "The words the switch, lists and templates show for a boolean field's two values.",
                  "type": "object",
                  "properties": {
                    "no": {
                      "description": "The word for false (like In progress).",
                      "$ref": "#/$defs/nonEmptyText"
                    },
                    "yes": {
                      "description": "The word for true (like Complete).",
                      "$ref": "#/$defs/nonEmptyText"
                    }
                  },
                  "required": ["no", "yes"],
                  "additionalProperties": false
                },
                "secret": {
                  "description": "true: a password or a PIN (text, integer or number), typed masked; never in drafts, history or problems, stored only with store: true.",
                  "$ref": "#/$defs/boolean"
                },
                "mask": {
                  "description": "How a secret shows while typed: dots (a bullet a character, the default) or none (nothing).",
                  "enum": ["dots", "none"]
                },
                "store": {
                  "description": "true: the database keeps the secret too, in plain text (form check warns); by default only the output has it.",
                  "$ref": "#/$defs/boolean"
                },
                "lines": {
                  "description": "A text field of several lines: its value may hold line breaks (Ctrl-J or Alt-Enter), and the field shows this many wrapped lines.",
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 20
                }
              },
              "required": ["id"],
              "additionalProperties": false,
              "allOf": [
                {
                  "description": "A note (type: note) is text to read: a label (its heading), a description (its text) and when; no value, so nothing else.",
                  "if": { "properties": { "type": { "const": "note" } }, "required": ["type"] },
                  "then": {
                    "propertyNames": { "enum": ["id", "label", "type", "description", "when"] },
                    "anyOf": [{ "required": ["label"] }, { "required": ["description"] }]
                  }
                },
                {
                  "description": "input: grid needs a layout (or choices) to show.",
                  "if": { "properties": { "input": { "const": "grid" } }, "required": ["input"] },
                  "then": { "anyOf": [{ "required": ["layout"] }, { "required": ["choices"] }] }
                },
                {
                  "description": "strict: true needs a layout (or a list of choices): the value must be one of its keys' texts.",
                  "if": { "properties": { "strict": { "$ref": "#/$defs/true" } }, "required": ["strict"] },
                  "then": { "anyOf": [{ "required": ["layout"] }, { "required": ["choices"] }] }
                },
                {
                  "description": "multiple: true needs a layout (or choices): its keys are what is picked.",
                  "if": { "properties": { "multiple": { "$ref": "#/$defs/true" } }, "required": ["multiple"] },
                  "then": { "anyOf": [{ "required": ["layout"] }, { "required": ["choices"] }] }
                },
                {
                  "description": "min_picks and max_picks bound a multiple field's picks.",
                  "if": { "anyOf": [{ "required": ["min_picks"] }, { "required": ["max_picks"] }] },
                  "then": { "required": ["multiple"] }
                },
                {
                  "description": "A field has choices or a layout, not both.",
                  "not": { "required": ["choices", "layout"] }
                },
                {
                  "description": "mask and store apply to a secret field (secret: true).",
                  "if": { "anyOf": [{ "required": ["mask"] }, { "required": ["store"] }] },
                  "then": { "required": ["secret"] }
                },
                {
                  "description": "A secret is typed: no layout or choices (a grid shows its keys).",
                  "if": { "properties": { "secret": { "$ref": "#/$defs/true" } }, "required": ["secret"] },
                  "then": { "not": { "anyOf": [{ "required": ["layout"] }, { "required": ["choices"] }] } }
                },
                {
                  "description": "A secret is a text, integer or number field (a password or a PIN), one value.",
                  "if": {
                    "properties": { "secret": { "$ref": "#/$defs/true" } },
                    "required": ["secret"],
                    "anyOf": [
                      { "properties": { "type": { "enum": ["boolean", "date", "time", "datetime"] } }, "required": ["type"] },
                      { "properties": { "multiple": { "$ref": "#/$defs/true" } }, "required": ["multiple"] }
                    ]
                  },
                  "then": false
                },
                {
                  "description": "lines makes a typed text field: a text type, not a secret, and no layout, choices or multiple.",
                  "if": {
                    "required": ["lines"],
                    "anyOf": [
                      { "properties": { "type": { "not": { "const": "text" } } }, "required": ["type"] },
                      { "properties": { "secret": { "$ref": "#/$defs/true" } }, "required": ["secret"] },
                      { "properties": { "multiple": { "$ref": "#/$defs/true" } }, "required": ["multiple"] },
                      { "required": ["layout"] },
                      { "required": ["choices"] }
                    ]
                  },
                  "then": false
                }
              ]
            },
            "choiceList": {
              "description": "Keys written in the form, hotkeys 1 to 9 in order: each a text, or a label shown with the text the record holds.",
              "type": "array",
              "minItems": 1,
              "uniqueItems": true,
              "items": {
                "anyOf": [
                  { "$ref": "#/$defs/nonEmptyText" },
                  {
                    "type": "object",
                    "properties": {
                      "label": { "description": "What the key shows (like California).", "$ref": "#/$defs/nonEmptyText" },
                      "text": { "description": "What the record holds (like CA); the label when left out.", "$ref": "#/$defs/nonEmptyText" }
                    },
                    "anyOf": [{ "required": ["label"] }, { "required": ["text"] }],
                    "additionalProperties": false
                  }
                ]
              }
            },
            "rule": {
              "description": "One rule across fields. Known fields: RULE_FIELD_NAMES.",
              "type": "object",
              "properties": {
                "name": {
                  "description": "How answers and tests name the rule (keyform: rule 'NAME': MESSAGE): a-z first, then a-z, 0-9, _ and -.",
                  "type": "string",
                  "pattern": "^[a-z][a-z0-9_-]*$"
                },
                "check": {
                  "description": "What must hold: comparisons (== != < <= > >=) of fields and constants (10, 'text', 2026-01-01, 09:30, true, today, now), count(FIELD) of a multiple field, length(FIELD) of a text field, joined by and, or, not and parentheses. A comparison with an empty field waits (does not fail).",
                  "$ref": "#/$defs/scalarText"
                },
                "one_of": {
                  "description": "At least one of these fields must be filled.",
                  "type": "array",
                  "minItems": 2,
                  "items": { "$ref": "#/$defs/identifier" }
                },
                "message": {
                  "description": "What a person reads while the rule is broken (like The end comes after the start); one_of has a default.",
                  "$ref": "#/$defs/nonEmptyText"
                }
              },
              "required": ["name"],
              "additionalProperties": false,
              "oneOf": [
                { "required": ["check", "message"] },
                { "required": ["one_of"] }
              ]
            },
            "true": {
              "enum": [true, "true", "yes", "on", "True", "Yes", "On", "TRUE", "YES", "ON"]
            },
            "condition": {
              "description": "A condition on earlier answers: {FIELD: VALUE} (equal), {FIELD: [V1, V2]} (one of), {FIELD: filled} or {FIELD: empty}, {all: [...]}, {any: [...]}, {not: ...}; several keys: all of them.",
              "type": "object",
              "minProperties": 1,
              "properties": {
                "all": {
                  "description": "Every one of these conditions holds.",
                  "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/condition" }
                },
                "any": {
                  "description": "At least one of these conditions holds.",
                  "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/condition" }
                },
                "not": {
                  "description": "This condition does not hold.",
                  "$ref": "#/$defs/condition"
                }
              },
              "patternProperties": {
                "^(?!(all|any|not)$)[a-z][a-z0-9_]*$": {
                  "description": "An earlier field's id: its value (read as the field reads typing), a list of values (one of them), filled or empty.",
                  "anyOf": [
                    { "$ref": "#/$defs/scalarText" },
                    { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/scalarText" } }
                  ]
                }
              },
              "additionalProperties": false
            },
            "nonEmptyText": {
              "type": ["string", "number", "boolean"],
              "minLength": 1
            }
          }
        }
        """#
}
