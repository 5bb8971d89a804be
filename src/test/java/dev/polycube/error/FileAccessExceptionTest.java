package dev.polycube.error;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

/** The words a file error is said in: the operating system's, never Java's class names. */
class FileAccessExceptionTest {

    @Test
    void aWrapperIsSaidByWhatItWraps() {
        IOException full = new FileSystemException("/tmp/x.png", null, "No space left on device");
        // ImageIO's own message for any failure of the stream under a PNG
        assertEquals("No space left on device", FileAccessException.reason(new javax.imageio.IIOException("I/O error writing PNG file!", full)));
        assertEquals("no such file or directory", FileAccessException.reason(new IOException("wrapped", new NoSuchFileException("/a"))));
        assertEquals("disk on fire", FileAccessException.reason(new IOException("disk on fire")));
        assertEquals("cannot write /tmp/x.png: No space left on device",
                FileAccessException.of("write", java.nio.file.Path.of("/tmp/x.png"), new javax.imageio.IIOException("I/O error", full)).getMessage());
    }
}
