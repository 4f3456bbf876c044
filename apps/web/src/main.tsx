import { createRoot } from 'react-dom/client';
import { StatusPage } from './status-page.tsx';

createRoot(document.getElementById('root')!).render(<StatusPage />);
