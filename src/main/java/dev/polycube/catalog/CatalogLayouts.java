package dev.polycube.catalog;

import dev.polycube.error.OptionException;
import dev.polycube.files.TextInput;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The catalog layouts polycube reads and writes, in the order help lists them: the one place they are registered. */
public final class CatalogLayouts {

    /** Every layout; native first (it also wins a tie in recognition). */
    public static final List<CatalogLayout> ALL = List.of(NativeCatalog.LAYOUT, new KurowskiLayout(), new EkstromLayout(),
            new LepageLayout(), new JsonlLayout());

    /** How many first lines recognition looks at (a Kurowski preamble lists every piece first). */
    private static final int HEAD_LINES = 10_000;

    private CatalogLayouts() {
    }

    /** The layout named {@code name} (any case), or an error listing the names. */
    public static CatalogLayout named(String name) {
        for (CatalogLayout l : ALL) {
            if (l.name().equalsIgnoreCase(name)) {
                return l;
            }
        }
        throw new OptionException("unknown catalog format '" + name + "'; use one of " + names());
    }

    public static List<String> names() {
        return ALL.stream().map(CatalogLayout::name).toList();
    }

    /** The layout whose mark comes first in {@code head}; null when none recognises it. */
    public static CatalogLayout detect(List<String> head) {
        CatalogLayout best = null;
        int at = Integer.MAX_VALUE;
        for (CatalogLayout l : ALL) {
            int i = l.recognise(head);
            if (i >= 0 && i < at) {
                best = l;
                at = i;
            }
        }
        return best;
    }

    /** The first lines of a text file (plain or gzip), for {@link #detect}. */
    public static List<String> head(Path file) {
        List<String> head = new ArrayList<>();
        try (TextInput.Lines in = TextInput.lines(file)) {
            for (String l; head.size() < HEAD_LINES && (l = in.next()) != null; ) {
                head.add(l);
            }
        }
        return head;
    }

    /** Opens {@code file} in {@code forced} layout, or in the one recognised when {@code forced} is null. */
    public static CatalogLayout.EntryReader open(Path file, CatalogLayout forced) throws IOException {
        return layoutOf(file, forced).open(file);
    }

    /** {@code forced}, or the layout recognised in {@code file}'s first lines; an error when none is. */
    public static CatalogLayout layoutOf(Path file, CatalogLayout forced) {
        List<String> head = forced != null ? null : head(file);
        CatalogLayout layout = forced != null ? forced : detect(head);
        if (layout == null && dev.polycube.puzzle.PuzzleParser.looksLikeStatement(head)) {
            throw new CatalogException(file + " is a puzzle file, not a catalog: `polycube solve " + file + "` writes its "
                    + "catalog, which this command then reads");
        }
        if (layout == null && head.size() < HEAD_LINES && head.stream().allMatch(String::isBlank)) {
            // the whole file read and nothing in it (a run that wrote nothing, a copy cut short): not a question of format
            throw new CatalogException(file + " is empty" + (head.isEmpty() ? "" : " (blank lines only)")
                    + ": no catalog lines to read (was it written to the end?)");
        }
        if (layout == null) {
            throw new CatalogException(file + ": cannot tell the catalog format (" + String.join(", ", names()) + "); "
                    + "use --format");
        }
        return layout;
    }
}
