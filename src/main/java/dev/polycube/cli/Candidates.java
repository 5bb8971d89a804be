package dev.polycube.cli;

import dev.polycube.catalog.CatalogLayouts;
import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.SymmetryMode;
import java.util.Iterator;

/**
 * The values shell completion offers (picocli's {@code completionCandidates}), each taken from where the
 * values are defined, never a copy: built-in puzzle names, symmetry rules, catalog layouts, and the options whose
 * values are an enum ({@link OptionValue}).
 */
final class Candidates {

    private Candidates() {
    }

    /** The built-in puzzles (completion offers files too: Dist adds them). */
    static final class Puzzles implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return BuiltInPuzzles.names().iterator();
        }
    }

    static final class Symmetries implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return SymmetryMode.ids().iterator();
        }
    }

    static final class Layouts implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return CatalogLayouts.names().iterator();
        }
    }

    static final class Views implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return OptionValue.ids(RenderCommand.View.class).iterator();
        }
    }

    static final class Cameras implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return OptionValue.ids(RenderCommand.Camera.class).iterator();
        }
    }

    /** yes or no (generate --unique). */
    static final class YesNo implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return OptionValue.ids(GenerateCommand.Unique.class).iterator();
        }
    }

    static final class ColorWhen implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return OptionValue.ids(ShowCommand.ColorWhen.class).iterator();
        }
    }

    static final class LineOrders implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return OptionValue.ids(DisassembleCommand.Filters.LineOrder.class).iterator();
        }
    }
}
