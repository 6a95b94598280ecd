import { configure } from '@testing-library/dom';

// findBy* and waitFor wait up to 5 s (1 s by default): on a loaded 2-core machine a Mantine dialog's
// closing transition alone took longer, and a test that waits for it failed though the screen was right.
configure({ asyncUtilTimeout: 5000 });
