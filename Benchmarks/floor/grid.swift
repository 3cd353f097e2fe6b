// The floor of a grid move: a static Swift program linking Foundation that draws the
// screen `keyform run` draws for Benchmarks/forms/list.yaml (15 keys one a row, the
// highlighted key bold and reversed with a space each side, the footer naming the key
// Enter picks, the cursor on the highlighted label) and, for each Down or Up, writes
// the fewest bytes that change that screen: the two faces, the footer's name from its
// first changed character, and the cursor's way back, by the shortest sequences
// (BS, LF, `ESC [ A`, `ESC [ 9 D`, absolute positions). It does no other work per key.
// Enter prints the highlighted key on standard output.
//
//   swiftc -O -static-stdlib Benchmarks/floor/grid.swift -o Benchmarks/floor/swift-grid
import Foundation

let esc = "\u{1B}["
let items = (1...15).map { String(format: "item%03d", $0) }
let tty = open("/dev/tty", O_RDWR)
func write(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { Glibc.write(tty, $0.baseAddress, $0.count) }
}

var saved = termios()
tcgetattr(0, &saved)
var raw = saved
cfmakeraw(&raw)
tcsetattr(0, TCSANOW, &raw)

let top = 6  // the first key's row (1-based), as Keyform draws it
let faceColumn = 36  // the face's first column (1-based): the label is one to its right
let footerPick = 30  // the column of the footer's name's last digit
var screen =
    "\(esc)?1049h\(esc)H\(esc)2J\(esc)1mBench list\(esc)3H\(esc)36m› Item\(esc)m  \(esc)1mitem001\r\nItems\r\n\(esc)m"
screen += "┌" + String(repeating: "─", count: 78) + "┐"
for (index, item) in items.enumerated() {
    let face = index == 0 ? "\(esc)1;7m \(item) \(esc)m" : " \(item) "
    screen += "\(esc)\(top + index)H│\(esc)\(faceColumn)G\(face)\(esc)\(top + index);80H│"
}
screen += "\(esc)\(top + 15)H└" + String(repeating: "─", count: 78) + "┘"
screen += "\(esc)23H\(esc)2m←↑↓→ move · Enter pick item001, Done · / filter · Tab keyboard · Esc cancel"
screen += "\(esc)24H\(esc)0;1;7;36m[ Done ]\(esc)0;2m ready: press Enter\(esc)\(top);\(faceColumn + 1)H"
write(screen)

var at = 0
var input = [UInt8](repeating: 0, count: 16)
loop: while true {
    let count = read(0, &input, input.count)
    if count <= 0 { break }
    let key = Array(input[0..<count])
    var to = at
    switch key {
    case [0x1B, 0x5B, 0x42]: to = min(at + 1, items.count - 1)
    case [0x1B, 0x5B, 0x41]: to = max(at - 1, 0)
    case [0x0D], [0x0A]: break loop
    default: continue
    }
    if to == at { continue }
    // The cursor is on the old label: BS onto its face, written plain; then the new face.
    var move = "\u{08}\(esc)m \(items[at]) "
    move += to > at ? "\(esc)9D\n\(esc)1;7m \(items[to]) " : "\(esc)A\(esc)9D\(esc)1;7m \(items[to]) "
    // The footer's name, from its first changed character (the pen was bold reverse).
    let old = Array(items[at].utf8), new = Array(items[to].utf8)
    let first = (0..<old.count).first { old[$0] != new[$0] } ?? 0
    let column = footerPick - (old.count - 1 - first)
    move += "\(esc)23;\(column)H\(esc)0;2m" + String(decoding: new[first...], as: UTF8.self)
    move += "\(esc)\(top + to);\(faceColumn + 1)H"
    write(move)
    at = to
}
write("\(esc)m\(esc)?1049l")
tcsetattr(0, TCSANOW, &saved)
FileHandle.standardOutput.write(items[at].data(using: .utf8)!)
