package dev.polycube.render;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javax.imageio.ImageIO;

/** A picture as a list of canvas operations, written as SVG text or as a PNG image. */
public final class Drawing {

    static final int BACKGROUND = 0xFFFFFF;

    private final int width;
    private final int height;
    private final List<Consumer<Canvas>> ops = new ArrayList<>();

    Drawing(int width, int height) {
        this.width = width;
        this.height = height;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    void add(Consumer<Canvas> op) {
        ops.add(op);
    }

    public String svg() {
        SvgCanvas c = new SvgCanvas(width, height, BACKGROUND);
        ops.forEach(op -> op.accept(c));
        return c.document();
    }

    public java.awt.image.BufferedImage png() {
        PngCanvas c = new PngCanvas(width, height, BACKGROUND);
        ops.forEach(op -> op.accept(c));
        return c.image();
    }

    /** Writes SVG or PNG by the file's extension (via a temporary file, then a rename). */
    public void write(Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        if (name.endsWith(".svg")) {
            dev.polycube.catalog.AtomicFiles.write(file, w -> w.write(svg()));
        } else if (name.endsWith(".png")) {
            Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), ".render", ".png");
            try (OutputStream out = Files.newOutputStream(tmp)) {
                ImageIO.write(png(), "png", out);
            }
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } else {
            throw new IllegalArgumentException("cannot tell the picture format of " + file + "; name it .svg or .png");
        }
    }
}
