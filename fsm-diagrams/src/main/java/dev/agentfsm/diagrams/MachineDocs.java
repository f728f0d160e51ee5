package dev.agentfsm.diagrams;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * The machines one build compiled, read from the models the processor wrote into its
 * {@code META-INF/agentfsm/} directory, and the three things done with them: draw their SVGs
 * ({@link #drawDiagrams}), keep a docs directory of pages and SVGs for a repository
 * ({@link #writeDocs}), and tell what in such a directory is stale ({@link #check}).
 *
 * <p>Every SVG starts with its model's fingerprint, so an SVG whose first line is already the right
 * one, and that ends with {@code </svg>}, is never drawn again, and a check never draws at all.
 *
 * <p>A docs directory may be shared by several modules and hold files people wrote. Each module keeps
 * the list of what it generated there ({@code .agentfsm/<module>.files}), and deletes only files that
 * its own list names and that none of its machines has any more; any other page or SVG is left alone.
 * Without models, nothing is written or deleted.
 */
public final class MachineDocs {

    private final Path modelDirectory;
    private final List<ModelFile> models;

    private MachineDocs(Path modelDirectory, List<ModelFile> models) {
        this.modelDirectory = modelDirectory;
        this.models = List.copyOf(models);
    }

    /**
     * Reads every {@code *.yaml} model of {@code modelDirectory}, in the order of their names.
     *
     * @throws ModelException for the first model that is not one the processor writes (file and line named)
     * @throws NoSuchFileException when {@code modelDirectory} does not exist: a mistyped path is not "no models"
     */
    public static MachineDocs read(Path modelDirectory) throws ModelException, IOException {
        requireDirectoryOrNothing(modelDirectory);
        if (!Files.isDirectory(modelDirectory)) {
            throw new NoSuchFileException(
                    modelDirectory.toString(),
                    null,
                    "no such directory of machine models; name the build's META-INF/agentfsm directory, which the"
                            + " processor writes when it compiles a @StateMachine");
        }
        List<ModelFile> models = new ArrayList<>();
        for (Path file : list(modelDirectory, ModelFile.EXTENSION)) {
            models.add(ModelFile.read(file));
        }
        return new MachineDocs(modelDirectory, models);
    }

    /** The models, in the order of their file names. */
    public List<ModelFile> models() {
        return models;
    }

    /** The directory the models were read from. */
    public Path modelDirectory() {
        return modelDirectory;
    }

    /**
     * What {@link #drawDiagrams} did.
     *
     * @param drawn the machines drawn (their models changed, or they had no SVG)
     * @param unchanged the machines whose SVG was already drawn from the same model
     */
    public record Drawn(List<String> drawn, List<String> unchanged) {

        public Drawn {
            drawn = List.copyOf(drawn);
            unchanged = List.copyOf(unchanged);
        }
    }

    /**
     * Writes {@code <package>.<Name>.svg} for every machine into {@code outputDirectory}, except where
     * the SVG there already starts with the model's fingerprint and ends with {@code </svg>} (one cut off
     * while it was written is drawn again). Machines are drawn on up to
     * {@code threads} threads at once.
     *
     * @throws RenderException for a machine whose layout failed (the first one, in name order)
     */
    public Drawn drawDiagrams(Path outputDirectory, int threads) throws RenderException, IOException {
        requireDirectoryOrNothing(outputDirectory);
        List<ModelFile> stale = new ArrayList<>();
        List<String> unchanged = new ArrayList<>();
        for (ModelFile model : models) {
            Path svg = outputDirectory.resolve(model.baseName() + ".svg");
            if (readText(svg).filter(text -> current(text, model)).isPresent()) {
                unchanged.add(model.machine().qualifiedName());
            } else {
                stale.add(model);
            }
        }
        Map<ModelFile, String> svgs = render(stale, threads);
        if (!svgs.isEmpty()) {
            Files.createDirectories(outputDirectory);
        }
        for (Map.Entry<ModelFile, String> svg : svgs.entrySet()) {
            Files.writeString(
                    outputDirectory.resolve(svg.getKey().baseName() + ".svg"), svg.getValue(), StandardCharsets.UTF_8);
        }
        return new Drawn(stale.stream().map(m -> m.machine().qualifiedName()).toList(), unchanged);
    }

    /**
     * What {@link #writeDocs} changed in the docs directory, and what it left there.
     *
     * @param written the files written because they were missing or stale, the module's list last
     * @param removed the pages and SVGs of this module's machines that no longer exist
     * @param kept the pages and SVGs that belong to no machine of this module and that no module's list
     *     names (written by a person, or by a version of agentfsm that kept no lists): left alone
     */
    public record DocsUpdate(List<Path> written, List<Path> removed, List<Path> kept) {

        public DocsUpdate {
            written = List.copyOf(written);
            removed = List.copyOf(removed);
            kept = List.copyOf(kept);
        }
    }

    /**
     * Makes {@code docsDirectory} hold each machine's page ({@code .md}, as the processor wrote it
     * beside the model) and SVG, and {@code module}'s list of them: writes what is missing or stale
     * and deletes the pages and SVGs that the module's list names and no machine has any more. Other
     * files are left alone: another module's (its own list names them) and any other. An SVG already
     * drawn into {@code diagramsDirectory} (the build's output) from the same model, and whole, is copied
     * rather than drawn again. Without models it does nothing.
     *
     * @param module the name of the module, unique among those sharing {@code docsDirectory} (an artifact id)
     */
    public DocsUpdate writeDocs(Path docsDirectory, String module, Path diagramsDirectory, int threads)
            throws RenderException, IOException {
        requireDirectoryOrNothing(docsDirectory);
        Path generatedList = GeneratedFiles.of(docsDirectory, module);
        requireDirectoryOrNothing(generatedList.getParent());
        if (models.isEmpty()) {
            return new DocsUpdate(List.of(), List.of(), List.of());
        }
        Files.createDirectories(docsDirectory);
        Ownership ownership = ownership(docsDirectory, module);
        List<Path> written = new ArrayList<>();
        List<ModelFile> toDraw = new ArrayList<>();
        Map<Path, String> contents = new LinkedHashMap<>();
        for (ModelFile model : models) {
            contents.put(docsDirectory.resolve(model.baseName() + ".md"), page(model));
            Path svg = docsDirectory.resolve(model.baseName() + ".svg");
            if (readText(svg).filter(text -> current(text, model)).isPresent()) {
                continue;
            }
            Optional<String> drawn = readText(diagramsDirectory.resolve(model.baseName() + ".svg"))
                    .filter(text -> current(text, model));
            if (drawn.isPresent()) {
                contents.put(svg, drawn.get());
            } else {
                toDraw.add(model);
            }
        }
        render(toDraw, threads)
                .forEach((model, svg) -> contents.put(docsDirectory.resolve(model.baseName() + ".svg"), svg));
        Map<Path, String> changed = new LinkedHashMap<>();
        for (Map.Entry<Path, String> file : contents.entrySet()) {
            if (!readText(file.getKey()).equals(Optional.of(file.getValue()))) {
                requireNoLink(file.getKey());
                changed.put(file.getKey(), file.getValue());
            }
        }
        for (Map.Entry<Path, String> file : changed.entrySet()) {
            Files.writeString(file.getKey(), file.getValue(), StandardCharsets.UTF_8);
            written.add(file.getKey());
        }
        List<Path> removed = new ArrayList<>();
        for (Path orphan : ownership.orphans()) {
            Files.delete(orphan);
            removed.add(orphan);
        }
        String list = GeneratedFiles.text(module, expectedFiles());
        if (!readText(generatedList).equals(Optional.of(list))) {
            GeneratedFiles.write(generatedList, list);
            written.add(generatedList);
        }
        return new DocsUpdate(written, removed, ownership.kept());
    }

    /**
     * A file of the docs directory that is not what {@link #writeDocs} would leave there.
     *
     * @param file the file
     * @param problem what is wrong with it: missing, out of date, or belonging to no machine
     */
    public record Stale(Path file, String problem) {}

    /**
     * The files of {@code docsDirectory} that {@link #writeDocs} would write or delete: a missing or
     * different page, an SVG missing, drawn from another model (compared by its first line) or cut off
     * (not ending with {@code </svg>}), the
     * module's list missing or different, and every page or SVG that the list names and no machine has
     * any more. Files that {@code writeDocs} leaves alone are not stale; without models nothing is.
     * Draws nothing.
     *
     * @param module the name of the module, as given to {@link #writeDocs}
     */
    public List<Stale> check(Path docsDirectory, String module) throws IOException {
        requireDirectoryOrNothing(docsDirectory);
        Path generatedList = GeneratedFiles.of(docsDirectory, module);
        requireDirectoryOrNothing(generatedList.getParent());
        List<Stale> stale = new ArrayList<>();
        if (models.isEmpty()) {
            return stale;
        }
        for (ModelFile model : models) {
            String expected = page(model);
            Path page = docsDirectory.resolve(model.baseName() + ".md");
            Optional<String> committed = readText(page);
            if (committed.isEmpty()) {
                stale.add(new Stale(page, "missing"));
            } else if (!committed.get().equals(expected)) {
                stale.add(new Stale(page, "out of date: " + model.machine().name() + " changed since it was written"));
            }
            Path svg = docsDirectory.resolve(model.baseName() + ".svg");
            Optional<String> picture = readText(svg);
            if (picture.isEmpty()) {
                stale.add(new Stale(svg, "missing"));
            } else if (!drawnFrom(picture.get(), model)) {
                stale.add(new Stale(
                        svg,
                        "out of date: drawn from another model of "
                                + model.machine().name() + " or by another version of the renderer"));
            } else if (!whole(picture.get())) {
                stale.add(new Stale(svg, "cut off: it does not end with </svg> (its writing was interrupted)"));
            }
        }
        Optional<String> list = readText(generatedList);
        if (list.isEmpty()) {
            stale.add(new Stale(generatedList, "missing"));
        } else if (!list.get().equals(GeneratedFiles.text(module, expectedFiles()))) {
            stale.add(new Stale(generatedList, "out of date: names other files than the machines of this build"));
        }
        for (Path orphan : ownership(docsDirectory, module).orphans()) {
            stale.add(new Stale(orphan, "belongs to no machine of this build (renamed or removed?)"));
        }
        return stale;
    }

    /** Where {@code module} keeps its list of the files it generated in {@code docsDirectory}. */
    public static Path generatedList(Path docsDirectory, String module) {
        return GeneratedFiles.of(docsDirectory, module);
    }

    /**
     * The pages and SVGs in {@code docsDirectory} that the list of {@code module} names: what that
     * module generated there, for telling a module that has no machine any more what it left behind.
     */
    public static List<Path> generated(Path docsDirectory, String module) throws IOException {
        List<Path> files = new ArrayList<>();
        for (String name : GeneratedFiles.read(GeneratedFiles.of(docsDirectory, module))) {
            Path file = docsDirectory.resolve(name);
            if (Files.isRegularFile(file)) {
                files.add(file);
            }
        }
        return files;
    }

    /**
     * The lists of other modules in {@code docsDirectory} that name pages or SVGs of this build's machines, each
     * with those file names, in the order of the lists' names. Such a list is out of date: its module was renamed
     * (its artifact id changed), so nothing rewrites the list under the old name any more and every page it names
     * is kept for good, even once its machine is gone; or a machine moved to this module and the other one has not
     * run the docs goal since. Empty when no other list names this build's files.
     *
     * @param module the name of the module, as given to {@link #writeDocs}
     */
    public Map<Path, List<String>> alsoListedElsewhere(Path docsDirectory, String module) throws IOException {
        Set<String> expected = expectedFiles();
        Map<Path, List<String>> lists = new LinkedHashMap<>();
        if (models.isEmpty()) {
            return lists;
        }
        GeneratedFiles.othersLists(docsDirectory, module).forEach((list, names) -> {
            List<String> ours = names.stream().filter(expected::contains).toList();
            if (!ours.isEmpty()) {
                lists.put(list, ours);
            }
        });
        return lists;
    }

    /**
     * Which of the docs directory's pages and SVGs that belong to no machine of this build the module
     * may delete.
     *
     * @param orphans those its list names and no other module's does: pages of its renamed or removed machines
     * @param kept those that no list names: a person's, or left by a version of agentfsm that kept no lists
     */
    private record Ownership(List<Path> orphans, List<Path> kept) {}

    private Ownership ownership(Path docsDirectory, String module) throws IOException {
        if (!Files.isDirectory(docsDirectory)) {
            return new Ownership(List.of(), List.of());
        }
        Set<String> expected = expectedFiles();
        Set<String> own = GeneratedFiles.read(GeneratedFiles.of(docsDirectory, module));
        // a machine that moved to another module is that module's now, whichever of the two wrote its list last
        Set<String> others = GeneratedFiles.listedByOthers(docsDirectory, module);
        List<Path> orphans = new ArrayList<>();
        for (String name : own) {
            Path file = docsDirectory.resolve(name);
            if (!expected.contains(name)
                    && !others.contains(name)
                    && docsDirectory.equals(file.getParent())
                    && Files.isRegularFile(file)) {
                orphans.add(file);
            }
        }
        List<Path> kept = new ArrayList<>();
        for (String extension : List.of(".md", ".svg")) {
            for (Path file : list(docsDirectory, extension)) {
                String name = file.getFileName().toString();
                if (!expected.contains(name) && !own.contains(name) && !others.contains(name)) {
                    kept.add(file);
                }
            }
        }
        return new Ownership(orphans, kept);
    }

    /** The names of the files this build's machines have in a docs directory: a page and an SVG each. */
    private Set<String> expectedFiles() {
        Set<String> expected = new TreeSet<>();
        for (ModelFile model : models) {
            expected.add(model.baseName() + ".md");
            expected.add(model.baseName() + ".svg");
        }
        return expected;
    }

    /** The page the processor wrote beside the model, with {@code \n} line ends. */
    private String page(ModelFile model) throws IOException {
        Path page = modelDirectory.resolve(model.baseName() + ".md");
        try {
            return Files.readString(page, StandardCharsets.UTF_8).replace("\r\n", "\n");
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(
                    page.toString(),
                    null,
                    "the processor writes a page beside every model ("
                            + model.path().getFileName() + "); compile again with the fsm-processor of this version");
        }
    }

    /** Draws the models on up to {@code threads} threads; the SVGs in the order of the models. */
    private static Map<ModelFile, String> render(List<ModelFile> models, int threads) throws RenderException {
        Map<ModelFile, String> svgs = new LinkedHashMap<>();
        if (models.isEmpty()) {
            return svgs;
        }
        if (models.size() == 1 || threads <= 1) {
            for (ModelFile model : models) {
                svgs.put(model, SvgRenderer.render(model));
            }
            return svgs;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, models.size()), runnable -> {
            Thread thread = new Thread(runnable, "agentfsm-diagrams");
            thread.setDaemon(true);
            return thread;
        });
        try {
            Map<ModelFile, Future<String>> futures = new LinkedHashMap<>();
            for (ModelFile model : models) {
                futures.put(model, pool.submit(() -> SvgRenderer.render(model)));
            }
            for (Map.Entry<ModelFile, Future<String>> future : futures.entrySet()) {
                svgs.put(future.getKey(), future.getValue().get());
            }
            return svgs;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RenderException render) {
                throw render;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while drawing the diagrams", e);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Whether {@code svg} was drawn from {@code model} by this version of the renderer: its first line is
     * the model's fingerprint. The one test of an SVG's freshness, so that {@link #check} passes exactly
     * what {@link #drawDiagrams} and {@link #writeDocs} leave alone.
     */
    private static boolean drawnFrom(String svg, ModelFile model) {
        return Fingerprint.firstLineOf(svg).equals(Optional.of(model.fingerprint()));
    }

    /**
     * Whether {@code svg} was drawn from {@code model} and written to its end: a build killed while it wrote
     * the file (Ctrl-C, a full disk) leaves its first line, the fingerprint, without the rest, and such a file
     * would otherwise be skipped, copied and passed by the check for good.
     */
    private static boolean current(String svg, ModelFile model) {
        return drawnFrom(svg, model) && whole(svg);
    }

    private static boolean whole(String svg) {
        return svg.stripTrailing().endsWith("</svg>");
    }

    /**
     * The text of a page, SVG or list, if the file is there, as agentfsm wrote it when it is a checkout of it
     * ({@link GeneratedFiles#asWritten}: no byte order mark, {@code \n} for {@code \r\n}). Bytes that are not
     * UTF-8 (an editor saved it in another encoding) read as U+FFFD: such a file is stale, for the docs goal to
     * rewrite, not an error.
     */
    private static Optional<String> readText(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        return Optional.of(GeneratedFiles.asWritten(new String(Files.readAllBytes(file), StandardCharsets.UTF_8)));
    }

    /**
     * A page or SVG to write must not be a symbolic link: writing would go through it, to wherever it points,
     * outside the docs directory as well (a link committed to a repository and the docs goal run by its CI).
     */
    private static void requireNoLink(Path file) throws IOException {
        if (Files.isSymbolicLink(file)) {
            throw new FileSystemException(
                    file.toString(),
                    null,
                    "a symbolic link (to " + Files.readSymbolicLink(file) + "); agentfsm writes its pages and SVGs"
                            + " as files, never through a link: nothing was written or deleted; remove the link and"
                            + " run the docs goal again");
        }
    }

    /** A path given as a directory must be one, or nothing yet: a file there is a mistake to name, not an empty directory. */
    private static void requireDirectoryOrNothing(Path directory) throws FileSystemException {
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new FileSystemException(
                    directory.toString(), null, "a file, not a directory; move it away or name a directory");
        }
    }

    private static List<Path> list(Path directory, String extension) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(extension) && Files.isRegularFile(f))
                    .sorted()
                    .toList();
        }
    }
}
