package dev.polycube.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.polycube.error.FileAccessException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A journal rewritten in place of the old one only once the new one is whole. */
class AppendLogTest {

    @TempDir
    Path dir;

    @Test
    void aReplacedLogHoldsItsContentsThenWhatIsAppended() throws Exception {
        Path log = dir.resolve("j");
        Files.writeString(log, "old 1\nold 2\nold 3 torn");
        try (AppendLog l = AppendLog.replace(log, "the journal", "old 1\nold 2\n")) {
            l.append("new 3\n");
        }
        assertEquals("old 1\nold 2\nnew 3\n", Files.readString(log));
        assertFalse(Files.exists(dir.resolve("j.new")), "nothing left beside it");
    }

    /** Where the new contents cannot be written, the old file stays as it was (here the place beside it is taken by a directory). */
    @Test
    void aReplacementThatCannotBeWrittenLeavesTheOldLog() throws Exception {
        Path log = dir.resolve("j");
        Files.writeString(log, "old 1\n");
        Files.createDirectories(dir.resolve("j.new").resolve("in-the-way"));
        FileAccessException e = assertThrows(FileAccessException.class, () -> AppendLog.replace(log, "the journal", "new\n"));
        assertEquals("old 1\n", Files.readString(log));
        assertEquals(true, e.getMessage().startsWith("cannot "), e.getMessage());
    }
}
