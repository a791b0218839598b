// Runs in every test file: the folders tempDir() made are removed when the file ends, however it ended.
import { afterAll } from 'vitest';
import { removeTempDirs } from '../helpers/temp.js';

afterAll(removeTempDirs);
