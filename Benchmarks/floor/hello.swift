// A static Swift program that links Foundation (and with it ICU) and only shows a
// prompt, then reads a line: the start-up floor of the language and its libraries.
//
//   sh Benchmarks/floor/build.sh   (all the floors, linked as keyform is)
import Foundation

FileHandle.standardOutput.write("Bench text: ".data(using: .utf8)!)
if let line = readLine() { FileHandle.standardOutput.write((line + "\n").data(using: .utf8)!) }
