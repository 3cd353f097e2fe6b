import KeyformCore

/// A form driven by a key script on a virtual screen: the real engine, GNU
/// readline included, with no terminal. What `keyform test` runs.
@MainActor
public enum ScriptedRun {
    public struct Result {
        /// How the form ended, or nil when the keys ran out first.
        public var outcome: FormState.Outcome?
        /// The last screen.
        public var frame: Frame
        /// Every effect, in order.
        public var effects: [FormEffect]
        /// The state after the last key (the Swift library's test double saves a
        /// draft with the field it was left on).
        public var state: FormState
    }

    /// Presses the keys one by one (a lone Esc followed by the pause that tells
    /// it apart) and returns how the form ended and the final screen.
    public static func run(
        context: FormContext, state: FormState, keys: [KeyScript.Press],
        width: Int = 80, height: Int = 24, color: Bool = false,
        history: @escaping (String) -> [String] = { _ in [] }
    ) -> Result {
        let session = FormSession(context: context, state: state, history: history)
        defer { session.close() }
        var effects: [FormEffect] = []
        for press in keys {
            effects += session.receive(press.bytes).effects
            if press.isLoneEscape || session.hasPendingEscape { effects += session.flushPendingEscape().effects }
            if session.state.outcome != nil { break }
        }
        return Result(
            outcome: session.state.outcome, frame: session.frame(width: width, height: height, color: color),
            effects: effects, state: session.state)
    }
}
