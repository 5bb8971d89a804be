package dev.polycube.puzzle;

/** A puzzle definition that cannot be used; the message names the file, line and offending text. */
public final class PuzzleException extends RuntimeException {

    public PuzzleException(String message) {
        super(message);
    }

    public PuzzleException(String message, Throwable cause) {
        super(message, cause);
    }

    /** "file:line: message\n    offending line". */
    public static PuzzleException at(String origin, int line, String text, String message) {
        return new PuzzleException(origin + ":" + line + ": " + message + "\n    " + text.strip());
    }
}
