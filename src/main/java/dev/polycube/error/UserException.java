package dev.polycube.error;

/**
 * A problem with what the user gave us (a file, an option, a checkpoint), as opposed to a bug. The CLI
 * prints the message alone and exits with {@link #kind()}'s code; any other exception is a bug and gets a
 * stack trace. Messages name the user's file (with line or field), the offending value and a hint.
 */
public abstract class UserException extends RuntimeException {

    /** What went wrong, which decides the exit code. */
    public enum Kind {
        /** Malformed or unusable input: exit 2. */
        BAD_INPUT,
        /** A file could not be read or written: exit 3. */
        FILE
    }

    private final Kind kind;

    protected UserException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public final Kind kind() {
        return kind;
    }

    /** {@code text} cut to its first 60 characters (and "...") for quoting in a message. */
    public static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 60) + "...";
    }

    /**
     * {@code text} safe for a terminal: control characters (an escape sequence from a file could clear the
     * screen or retitle the window) written as {@code \\uXXXX}; line breaks and tabs kept.
     */
    public static String printable(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7F && c <= 0x9F)) {
                b.append(String.format("\\u%04X", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
