package dev.polycube.render;

import dev.polycube.error.OptionException;
import dev.polycube.files.AtomicFiles;
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

    /** Writes SVG or PNG by the file's extension, atomically (see {@link AtomicFiles}). */
    public void write(Path file) {
        String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        if (name.endsWith(".svg")) {
            AtomicFiles.write(file, w -> w.write(svg()));
        } else if (name.endsWith(".png")) {
            ImageIO.setUseCache(false); // no cache files of ImageIO's in the temporary directory
            AtomicFiles.writeBytes(file, out -> ImageIO.write(png(), "png", out));
        } else {
            throw new OptionException("cannot tell the picture format of " + file + "; name it .svg or .png");
        }
    }
}
