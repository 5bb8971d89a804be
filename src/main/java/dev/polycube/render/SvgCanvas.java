package dev.polycube.render;

import java.util.Locale;

/** Writes SVG 1.1 as text. */
final class SvgCanvas implements Canvas {

    private final StringBuilder sb = new StringBuilder();
    private final int width;
    private final int height;

    SvgCanvas(int width, int height, int background) {
        this.width = width;
        this.height = height;
        rect(0, 0, width, height, background, -1);
    }

    private static String color(int rgb) {
        return String.format("#%06x", rgb & 0xFFFFFF);
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    @Override
    public void polygon(double[] xs, double[] ys, int fill, int stroke, double strokeWidth) {
        sb.append("<polygon points=\"");
        for (int i = 0; i < xs.length; i++) {
            sb.append(i == 0 ? "" : " ").append(num(xs[i])).append(',').append(num(ys[i]));
        }
        sb.append("\" fill=\"").append(color(fill)).append("\" stroke=\"").append(color(stroke))
                .append("\" stroke-width=\"").append(num(strokeWidth)).append("\" stroke-linejoin=\"round\"/>\n");
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, int color, double width) {
        sb.append("<line x1=\"").append(num(x1)).append("\" y1=\"").append(num(y1)).append("\" x2=\"").append(num(x2))
                .append("\" y2=\"").append(num(y2)).append("\" stroke=\"").append(color(color)).append("\" stroke-width=\"")
                .append(num(width)).append("\" stroke-linecap=\"round\"/>\n");
    }

    @Override
    public void rect(double x, double y, double w, double h, int fill, int stroke) {
        sb.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"").append(num(w))
                .append("\" height=\"").append(num(h)).append("\" fill=\"").append(color(fill)).append('"');
        if (stroke >= 0) {
            sb.append(" stroke=\"").append(color(stroke)).append("\" stroke-width=\"0.8\"");
        }
        sb.append("/>\n");
    }

    @Override
    public void text(double x, double y, String text, double size, int color, boolean bold) {
        sb.append("<text x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"")
                .append(num(size)).append("\" fill=\"").append(color(color)).append('"').append(bold ? " font-weight=\"bold\"" : "")
                .append('>').append(escape(text)).append("</text>\n");
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    String document() {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width
                + "\" height=\"" + height + "\" viewBox=\"0 0 " + width + " " + height + "\">\n" + sb + "</svg>\n";
    }
}
