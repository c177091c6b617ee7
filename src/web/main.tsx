/** Entry point of the browser client: mounts the page. */
import { render } from 'preact';
import { App } from './App.js';

render(<App />, document.getElementById('app')!);
