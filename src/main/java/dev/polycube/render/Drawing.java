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
        write(file, 0);
    }

    /**
     * As {@link #write(Path)}, stating the size to print at: {@code dpi} pixels per inch (0: none stated). A PNG
     * gets it in its pHYs chunk, an SVG as its width and height in inches; the pixels are the same.
     */
    public void write(Path file, int dpi) {
        String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        if (name.endsWith(".svg")) {
            String svg = svg();
            String sized = dpi <= 0 ? svg : svg.replaceFirst("width=\"" + width + "\" height=\"" + height + "\"",
                    "width=\"" + inches(width, dpi) + "in\" height=\"" + inches(height, dpi) + "in\"");
            AtomicFiles.write(file, w -> w.write(sized));
        } else if (name.endsWith(".png")) {
            ImageIO.setUseCache(false); // no cache files of ImageIO's in the temporary directory
            AtomicFiles.writeBytes(file, out -> writePng(out, dpi));
        } else {
            throw new OptionException("cannot tell the picture format of " + file + "; name it .svg or .png");
        }
    }

    private static String inches(int pixels, int dpi) {
        return String.format(java.util.Locale.ROOT, "%.3f", pixels / (double) dpi);
    }

    private void writePng(java.io.OutputStream out, int dpi) throws java.io.IOException {
        javax.imageio.ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        try (javax.imageio.stream.ImageOutputStream ios = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(ios);
            java.awt.image.BufferedImage image = png();
            javax.imageio.metadata.IIOMetadata meta = writer.getDefaultImageMetadata(
                    javax.imageio.ImageTypeSpecifier.createFromRenderedImage(image), null);
            if (dpi > 0) {
                String perMetre = String.valueOf(Math.round(dpi / 0.0254));
                javax.imageio.metadata.IIOMetadataNode phys = new javax.imageio.metadata.IIOMetadataNode("pHYs");
                phys.setAttribute("pixelsPerUnitXAxis", perMetre);
                phys.setAttribute("pixelsPerUnitYAxis", perMetre);
                phys.setAttribute("unitSpecifier", "meter");
                javax.imageio.metadata.IIOMetadataNode root = new javax.imageio.metadata.IIOMetadataNode("javax_imageio_png_1.0");
                root.appendChild(phys);
                meta.mergeTree("javax_imageio_png_1.0", root);
            }
            writer.write(null, new javax.imageio.IIOImage(image, null, meta), null);
        } finally {
            writer.dispose();
        }
    }
}
