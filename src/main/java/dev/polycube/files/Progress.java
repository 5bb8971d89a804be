package dev.polycube.files;

/**
 * How far a long pass over a file has got: a checkpoint of millions of classes read and its lines checked, a catalog
 * or snapshot of a gigabyte written. Told now and then (every few thousand lines, or every chunk written), possibly
 * from several threads; closed when the pass ends, whether it ended well or not. What {@code done} and {@code total}
 * count (bytes, lines) is the maker's to know.
 */
public interface Progress extends AutoCloseable {

    Progress NONE = (done, total) -> {
    };

    void at(long done, long total);

    @Override
    default void close() {
    }
}
