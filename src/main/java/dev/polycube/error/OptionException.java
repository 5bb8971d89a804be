package dev.polycube.error;

/** A command-line option or argument with a value that cannot be used; the message names it and the fix. */
public final class OptionException extends UserException {

    public OptionException(String message) {
        super(Kind.BAD_INPUT, message, null);
    }

    /** Requires {@code min <= value <= max} for option {@code name}. */
    public static long requireRange(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new OptionException(name + " must be " + (max == Long.MAX_VALUE ? "at least " + min
                    : "between " + min + " and " + max) + ", got " + value);
        }
        return value;
    }
}
