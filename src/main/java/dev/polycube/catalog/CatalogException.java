package dev.polycube.catalog;

import dev.polycube.error.UserException;

/** A catalog file that cannot be read; the message names the file, line and text. */
public final class CatalogException extends UserException {

    public CatalogException(String message) {
        super(Kind.BAD_INPUT, message, null);
    }

    public static CatalogException at(String file, int line, String message) {
        return new CatalogException(file + ":" + line + ": " + message);
    }
}
