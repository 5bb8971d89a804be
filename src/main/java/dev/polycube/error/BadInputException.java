package dev.polycube.error;

/**
 * An input file whose bytes cannot be used before any format is even considered: not UTF-8 text, too large,
 * a compressed stream that inflates past its limit. Format-specific problems have their own types
 * (puzzle, catalog, checkpoint).
 */
public final class BadInputException extends UserException {

    public BadInputException(String message) {
        super(Kind.BAD_INPUT, message, null);
    }
}
