package dev.polycube.render;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;

/** Draws with Java2D into an image (headless). */
final class PngCanvas implements Canvas {

    private final BufferedImage image;
    private final Graphics2D g;

    PngCanvas(int width, int height, int background) {
        System.setProperty("java.awt.headless", "true");
        image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(new Color(background));
        g.fillRect(0, 0, width, height);
    }

    @Override
    public void polygon(double[] xs, double[] ys, int fill, int stroke, double strokeWidth) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) {
            p.lineTo(xs[i], ys[i]);
        }
        p.closePath();
        g.setColor(new Color(fill));
        g.fill(p);
        g.setColor(new Color(stroke));
        g.setStroke(new BasicStroke((float) strokeWidth, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(p);
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, int color, double width) {
        g.setColor(new Color(color));
        g.setStroke(new BasicStroke((float) width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(new java.awt.geom.Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void rect(double x, double y, double w, double h, int fill, int stroke) {
        Rectangle2D.Double r = new Rectangle2D.Double(x, y, w, h);
        g.setColor(new Color(fill));
        g.fill(r);
        if (stroke >= 0) {
            g.setColor(new Color(stroke));
            g.setStroke(new BasicStroke(0.8f));
            g.draw(r);
        }
    }

    @Override
    public void text(double x, double y, String text, double size, int color, boolean bold) {
        g.setColor(new Color(color));
        g.setFont(new Font(Font.SANS_SERIF, bold ? Font.BOLD : Font.PLAIN, (int) Math.round(size)));
        g.drawString(text, (float) x, (float) y);
    }

    BufferedImage image() {
        g.dispose();
        return image;
    }
}
