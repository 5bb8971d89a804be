package dev.polycube.checkpoint;

import dev.polycube.error.UserException;

/** A checkpoint that cannot be used (truncated, corrupt, foreign); nothing was overwritten. */
public final class CheckpointException extends UserException {

    public CheckpointException(String message) {
        super(Kind.BAD_INPUT, message, null);
    }
}
