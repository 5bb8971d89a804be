package dev.polycube.checkpoint;

/** A checkpoint that cannot be used (truncated, corrupt, foreign); nothing was overwritten. */
public final class CheckpointException extends RuntimeException {

    public CheckpointException(String message) {
        super(message);
    }
}
