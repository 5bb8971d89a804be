package dev.polycube.puzzle;

import dev.polycube.error.UserException;

/** A puzzle definition that cannot be used; the message names the file, line and offending text. */
public final class PuzzleException extends UserException {

    public PuzzleException(String message) {
        super(Kind.BAD_INPUT, message, null);
    }

    public PuzzleException(String message, Throwable cause) {
        super(Kind.BAD_INPUT, message, cause);
    }

    /** "file:line: message\n    offending line", control characters in the line shown as \\uXXXX. */
    public static PuzzleException at(String origin, int line, String text, String message) {
        return new PuzzleException(origin + ":" + line + ": " + message + "\n    " + printable(text.strip()));
    }

    /** {@code s} with every control character written as {@code \\uXXXX}, safe to print on a terminal. */
    public static String printable(String s) {
        return UserException.printable(s).replace("\n", "\\u000A");
    }
}
