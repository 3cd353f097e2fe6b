/// A JSON Schema (draft 2020-12) of the layout file format (SPEC "Layout files"),
/// for editors: `keyform layout schema > layout.schema.json`, then point the
/// editor's YAML support at it (for example with a
/// `# yaml-language-server: $schema=layout.schema.json` first line).
///
/// The schema catches what a schema can: unknown fields, wrong types, missing
/// fields, bad spans, hotkeys and actions. `keyform layout check` does more
/// (duplicate hotkeys, page and layout targets, widths, control characters…);
/// docs/layout-format.md lists both.
///
/// A key written as a plain scalar is always text exactly as written, but an
/// editor reading YAML 1.1 sees `no` as a boolean, `1.10` as a number and `~` as
/// null, so plain-scalar keys and the text fields (`title`, `label`, `text`,
/// `id`, `to`) accept those JSON types too, and a hotkey may be a digit 0-9.
public enum LayoutSchema {
    public static let json: String = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://keyform.dev/schemas/layout.json",
          "title": "Keyform layout",
          "description": "A key grid for Keyform: a custom input view of fixed phrases (or a keypad) that a form field can swap to. Give either rows (one page) or pages, not both.",
          "type": "object",
          "properties": {
            "title": {
              "description": "Shown above the grid.",
              "$ref": "#/$defs/scalarText"
            },
            "kind": {
              "description": "What a text key does. choice (default): sets the field's value to the key's text and commits the field. keypad: inserts the key's text at the cursor.",
              "enum": ["choice", "keypad"],
              "default": "choice"
            },
            "rows": {
              "$ref": "#/$defs/rows",
              "description": "The keys of a one-page layout, row by row, top to bottom. Use either rows or pages."
            },
            "pages": {
              "description": "Pages of keys, for more phrases than fit one screen. The first page shows first; a key with action: page and to: ID turns to another. Use either rows or pages.",
              "type": "array",
              "minItems": 1,
              "items": { "$ref": "#/$defs/page" }
            }
          },
          "additionalProperties": false,
          "oneOf": [
            { "required": ["rows"] },
            { "required": ["pages"] }
          ],
          "$defs": {
            "rows": {
              "description": "Rows of keys, top to bottom; each row lists its keys left to right. Rows should cover the same number of columns (spans added up).",
              "type": "array",
              "minItems": 1,
              "items": {
                "description": "One row of keys, left to right.",
                "type": "array",
                "minItems": 1,
                "items": { "$ref": "#/$defs/key" }
              }
            },
            "page": {
              "description": "One page of keys.",
              "type": "object",
              "properties": {
                "id": {
                  "description": "The page's name: the target of a key with action: page and to: ID. Unique in the layout.",
                  "$ref": "#/$defs/scalarText",
                  "minLength": 1
                },
                "title": {
                  "description": "Shown above the grid while this page is shown (default: the layout's title).",
                  "$ref": "#/$defs/scalarText"
                },
                "rows": {
                  "$ref": "#/$defs/rows",
                  "description": "The keys of this page, row by row, top to bottom."
                }
              },
              "required": ["id", "rows"],
              "additionalProperties": false
            },
            "key": {
              "description": "A key: a plain scalar (its label and text, exactly as written) or a mapping with label, text, hotkey, span, action and to.",
              "oneOf": [
                { "$ref": "#/$defs/scalarKey" },
                { "$ref": "#/$defs/keyMapping" }
              ]
            },
            "scalarKey": {
              "description": "A key whose label and text are this scalar exactly as written: no, on, 1.10 and ~ are labels, never booleans, numbers or null (YAML 1.1 editors may read them so, which is why those types are allowed here).",
              "type": ["string", "number", "boolean", "null"],
              "minLength": 1
            },
            "keyMapping": {
              "description": "A key with its fields. Needs label or text.",
              "type": "object",
              "properties": {
                "label": {
                  "description": "What the key shows (default: the text). Not empty. Measured in terminal cells (East Asian wide characters take 2); should fit the key at 80 columns.",
                  "$ref": "#/$defs/scalarText",
                  "minLength": 1
                },
                "text": {
                  "description": "What the key types (default: the label). For action: text only.",
                  "$ref": "#/$defs/scalarText"
                },
                "hotkey": {
                  "description": "One character that presses this key directly from the grid. Unique in the layout; not Tab, Enter or Space. Quote digits: hotkey: \"1\".",
                  "oneOf": [
                    { "type": "string", "minLength": 1, "maxLength": 1 },
                    { "type": "integer", "minimum": 0, "maximum": 9 }
                  ]
                },
                "span": {
                  "description": "How many columns the key covers (default 1).",
                  "type": "integer",
                  "minimum": 1,
                  "default": 1
                },
                "action": {
                  "description": "\#(actionDescription)",
                  "enum": \#(list(Layout.Action.names)),
                  "default": "text"
                },
                "to": {
                  "description": "\#(targetDescription)",
                  "$ref": "#/$defs/scalarText",
                  "minLength": 1
                }
              },
              "additionalProperties": false,
              "anyOf": [
                { "required": ["label"] },
                { "required": ["text"] }
              ],
              "if": {
                "properties": { "action": { "enum": \#(list(targetTakers.map(\.rawValue))) } },
                "required": ["action"]
              },
              "then": { "required": ["to"] }
            },
            "scalarText": {
              "description": "Text, read exactly as written in the file: a plain 1.10 stays \"1.10\" and a plain no stays \"no\" (YAML 1.1 editors may read them as numbers or booleans, which is why those types are allowed).",
              "type": ["string", "number", "boolean"]
            }
          }
        }
        """#

    // MARK: The actions, from their one table (`Layout.Action.Kind`)

    private static let targetTakers = Layout.Action.Kind.allCases.filter(\.takesTarget)

    /// `What pressing the key does. text (default): type the key's text (…). keyboard: …`
    private static var actionDescription: String {
        let actions = Layout.Action.Kind.allCases.map { kind in
            "\(kind.rawValue)\(kind == .text ? " (default)" : ""): \(kind.summary)."
        }
        return (["What pressing the key does."] + actions).joined(separator: " ")
    }

    /// `The target of action: page (a page id of this layout) or action: layout (…). Required with those two actions.`
    private static var targetDescription: String {
        let targets = targetTakers.map { "action: \($0.rawValue) (\($0.target?.meaning ?? ""))" }
        let those = targets.count == 2 ? "those two actions" : "those actions"
        return "The target of \(targets.joined(separator: " or ")). Required with \(those)."
    }

    /// `["a", "b"]`: names are plain words, so no escaping is needed.
    private static func list(_ names: [String]) -> String {
        "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }
}
