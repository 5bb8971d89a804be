package dev.polycube.catalog;

/** A catalog file that cannot be read; the message names the file, line and text. */
public final class CatalogException extends RuntimeException {

    public CatalogException(String message) {
        super(message);
    }

    public static CatalogException at(String file, int line, String message) {
        return new CatalogException(file + ":" + line + ": " + message);
    }
}
