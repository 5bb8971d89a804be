package dev.polycube.error;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * A file of the user's could not be read or written. The message names that file (never one of our
 * temporary files) and the operating system's reason, e.g. "cannot write out.txt: No space left on device".
 */
public final class FileAccessException extends UserException {

    public FileAccessException(String message, Throwable cause) {
        super(Kind.FILE, message, cause);
    }

    /** "cannot {@code action} {@code file}: reason", the reason taken from {@code e}. */
    public static FileAccessException of(String action, Path file, IOException e) {
        return new FileAccessException("cannot " + action + " " + file + ": " + reason(e), e);
    }

    /** The operating system's words for {@code e}, without Java's class names or our temporary paths. */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "it already exists";
        }
        if (e instanceof NotDirectoryException) {
            return "a part of the path is not a directory";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "it is a non-empty directory";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        if (e instanceof java.nio.charset.CharacterCodingException) {
            return "it is not UTF-8 text";
        }
        if (e.getCause() instanceof IOException cause && cause != e) {
            return reason(cause); // a wrapper says less than what it wraps (ImageIO's "I/O error writing PNG file!")
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
