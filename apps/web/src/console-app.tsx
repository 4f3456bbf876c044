import { BrowserRouter } from 'react-router-dom';
import { App } from './app.tsx';

// Real paths, not hash ones: the server answers every non-API path with the console (spec §2 routes).
export function ConsoleApp() {
  return (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
}
