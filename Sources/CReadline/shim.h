#ifndef KEYFORM_CREADLINE_SHIM_H
#define KEYFORM_CREADLINE_SHIM_H
// readline.h needs FILE from stdio.h declared first.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

// Swift 6 rejects direct access to readline's mutable C globals as not
// concurrency-safe; these accessors keep every such access in one place.
// Call them only from the thread that owns readline (LineEditor: the main actor).
static inline const char *shim_library_version(void) { return rl_library_version; }
static inline int shim_readline_version(void) { return rl_readline_version; }

// MARK: Hooks (LineEditor replaces these while it is installed, and restores them)
static inline rl_getc_func_t *shim_getc_function(void) { return rl_getc_function; }
static inline void shim_set_getc_function(rl_getc_func_t *f) { rl_getc_function = f; }
static inline rl_voidfunc_t *shim_redisplay_function(void) { return rl_redisplay_function; }
static inline void shim_set_redisplay_function(rl_voidfunc_t *f) { rl_redisplay_function = f; }
static inline rl_vintfunc_t *shim_prep_term_function(void) { return rl_prep_term_function; }
static inline void shim_set_prep_term_function(rl_vintfunc_t *f) { rl_prep_term_function = f; }
static inline rl_voidfunc_t *shim_deprep_term_function(void) { return rl_deprep_term_function; }
static inline void shim_set_deprep_term_function(rl_voidfunc_t *f) { rl_deprep_term_function = f; }
static inline rl_hook_func_t *shim_input_available_hook(void) { return rl_input_available_hook; }
static inline void shim_set_input_available_hook(rl_hook_func_t *f) { rl_input_available_hook = f; }
static inline rl_completion_func_t *shim_attempted_completion_function(void) { return rl_attempted_completion_function; }
static inline void shim_set_attempted_completion_function(rl_completion_func_t *f) { rl_attempted_completion_function = f; }
static inline void shim_set_attempted_completion_over(int v) { rl_attempted_completion_over = v; }

// MARK: Streams and settings read at initialisation
static inline FILE *shim_instream(void) { return rl_instream; }
static inline void shim_set_instream(FILE *f) { rl_instream = f; }
static inline FILE *shim_outstream(void) { return rl_outstream; }
static inline void shim_set_outstream(FILE *f) { rl_outstream = f; }
static inline int shim_catch_signals(void) { return rl_catch_signals; }
static inline void shim_set_catch_signals(int v) { rl_catch_signals = v; }
static inline int shim_catch_sigwinch(void) { return rl_catch_sigwinch; }
static inline void shim_set_catch_sigwinch(int v) { rl_catch_sigwinch = v; }
static inline int shim_change_environment(void) { return rl_change_environment; }
static inline void shim_set_change_environment(int v) { rl_change_environment = v; }
static inline const char *shim_readline_name(void) { return rl_readline_name; }
static inline void shim_set_readline_name(const char *name) { rl_readline_name = name; }

// MARK: The line
static inline const char *shim_line_buffer(void) { return rl_line_buffer; }
static inline int shim_end(void) { return rl_end; }
static inline int shim_point(void) { return rl_point; }
static inline void shim_set_point(int v) { rl_point = v; }
static inline void shim_set_mark(int v) { rl_mark = v; }
static inline void shim_set_last_func(rl_command_func_t *f) { rl_last_func = f; }
/// 0 = vi, 1 = emacs (readline's vi_mode / emacs_mode).
static inline int shim_editing_mode(void) { return rl_editing_mode; }
/// What readline would draw in place of the prompt: a search's
/// "(reverse-i-search)`bu': ", a numeric argument's "(arg: 2) " (rl_message);
/// the prompt itself ("" for Keyform) otherwise.
static inline const char *shim_display_prompt(void) { return rl_display_prompt; }
/// Whether readline is between commands: no search, key sequence, Meta prefix,
/// numeric argument, vi motion, macro being defined, or overwrite mode.
static inline int shim_is_between_commands(void) {
    return RL_ISSTATE(RL_STATE_METANEXT | RL_STATE_MOREINPUT | RL_STATE_ISEARCH | RL_STATE_NSEARCH | RL_STATE_SEARCH
                      | RL_STATE_NUMERICARG | RL_STATE_MACRODEF | RL_STATE_OVERWRITE | RL_STATE_INPUTPENDING
                      | RL_STATE_VIMOTION | RL_STATE_MULTIKEY | RL_STATE_CHARSEARCH) == 0;
}
/// Whether an incremental or non-incremental history search is being typed.
static inline int shim_is_searching(void) { return RL_ISSTATE(RL_STATE_ISEARCH | RL_STATE_NSEARCH) != 0; }

// MARK: C's standard streams
// readline reports inputrc errors with fprintf(stderr, ...). glibc's stderr is
// an assignable variable: LineEditor points it at a temporary file while
// readline reads an init file, so nothing reaches the terminal.
static inline FILE *shim_stdin(void) { return stdin; }
static inline FILE *shim_stdout(void) { return stdout; }
static inline FILE *shim_stderr(void) { return stderr; }
static inline void shim_set_stderr(FILE *f) { stderr = f; }

// MARK: The process's environment
// `environ` is a C global Swift 6 will not read; a child process (the editor
// a field of several lines hands its text to) gets it through here.
extern char **environ;
static inline char *const *shim_environ(void) { return environ; }

// MARK: Private readline 8.2 functions
// Exported by libreadline.so.8 but declared only in readline's private
// rlprivate.h. They are the only way to drop readline's per-line state.
/// Frees the "saved line" (what was typed before Up was pressed); it would
/// otherwise come back on Down in another field.
extern int _rl_free_saved_history_line(void);
/// What readline does at each new line: using_history(), free the saved line,
/// forget the history-search position.
extern void _rl_start_using_history(void);
/// Frees the chain of half-read key sequence contexts (callback mode).
extern void _rl_keyseq_chain_dispose(void);
/// Whether the last command killed text (the next kill then joins its slot).
extern int _rl_last_command_was_kill;

// MARK: The kill ring
/// How many kills readline keeps (kill.c's DEFAULT_MAX_KILLS; nothing sets it).
#define SHIM_MAX_KILLS 10
/// Empties readline's kill ring, for a secret field left (LineEditor.forgetSecretEdits).
/// Readline has no call for it and keeps the ring private, so this kills an
/// empty text into a new slot, each slot in turn: the ring grows to its
/// SHIM_MAX_KILLS slots, then each further kill frees the oldest, so twice
/// that many kills free every earlier kill and a yank (or yank-pop) inserts
/// nothing. The empty text is a NUL byte on the line, which rl_copy_text reads
/// as "". Leaves an empty line and no undo list.
static inline void shim_empty_kill_ring(void) {
    for (int kill = 0; kill < 2 * SHIM_MAX_KILLS; kill++) {
        rl_replace_line("", 1);
        rl_line_buffer[0] = '\0';
        rl_line_buffer[1] = '\0';
        rl_end = 1;
        rl_point = 0;
        _rl_last_command_was_kill = 0;
        rl_kill_text(0, 1);
    }
    _rl_last_command_was_kill = 0;
    rl_replace_line("", 1);
}

/// Empties what vi's `.` repeats after an insert (vi_mode.c's vi_insert_buffer,
/// private), for a secret field left in vi mode: leaving insert mode saves the
/// undo list's newest insert there, and one whose newest change is a delete
/// empties it. So: insert a character, delete it, leave insert mode. Leaves an
/// empty line, no undo list, and vi in command mode (the caller's new line
/// puts it back in insert mode). Nothing in emacs mode.
static inline void shim_forget_vi_insert(void) {
    if (rl_editing_mode != 0) return;
    rl_replace_line("", 1);
    rl_vi_insertion_mode(1, 'i');
    rl_insert_text("x");
    rl_delete_text(0, 1);
    rl_vi_movement_mode(1, 27);
    rl_replace_line("", 1);
}

#endif
