package dev.polycube.render;

/** The drawing primitives the pictures need; an SVG and a PNG implementation. Coordinates in pixels, y down. */
interface Canvas {

    void polygon(double[] xs, double[] ys, int fill, int stroke, double strokeWidth);

    void line(double x1, double y1, double x2, double y2, int color, double width);

    void rect(double x, double y, double w, double h, int fill, int stroke);

    /** Text with its baseline's left end at (x, y); {@code bold} for titles. */
    void text(double x, double y, String text, double size, int color, boolean bold);
}
